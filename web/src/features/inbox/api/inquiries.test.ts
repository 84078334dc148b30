import { describe, expect, it } from 'vitest';
import { emptyInboxFilter, exportPath, filterQuery } from './inquiries';

describe('the inbox filter as query parameters', () => {
  it('sends only what is chosen, the search trimmed', () => {
    expect(filterQuery(emptyInboxFilter)).toEqual({
      Spam: 'false',
      Search: undefined,
      Subject: undefined,
      Delivery: undefined,
      Handled: undefined,
      JobID: undefined,
      From: undefined,
      To: undefined,
    });
    expect(
      filterQuery({
        ...emptyInboxFilter,
        spam: true,
        search: '  müller ',
        subject: 'application',
        handled: 'false',
        job: '7',
        from: '2026-11-01',
      }),
    ).toMatchObject({
      Spam: 'true',
      Search: 'müller',
      Subject: 'application',
      Handled: 'false',
      JobID: '7',
      From: '2026-11-01',
      To: undefined,
    });
  });

  it('leaves out an end before the start instead of asking for a 400', () => {
    expect(filterQuery({ ...emptyInboxFilter, from: '2026-11-20', to: '2026-11-19' }).To).toBeUndefined();
    expect(filterQuery({ ...emptyInboxFilter, from: '2026-11-20', to: '2026-11-20' }).To).toBe('2026-11-20');
  });

  it('gives the export the same filter and the language', () => {
    expect(exportPath({ ...emptyInboxFilter, search: 'a&b', delivery: 'failed' }, 'de')).toBe(
      '/Inquiry/Export?lang=de&Spam=false&Search=a%26b&Delivery=failed',
    );
  });
});
