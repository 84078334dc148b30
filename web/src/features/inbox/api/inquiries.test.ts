import { describe, expect, it } from 'vitest';
import { emptyInboxFilter, exportPath, filterQuery, shownCount } from './inquiries';

describe('the inbox filter as query parameters', () => {
  it('sends only what is chosen, the search trimmed', () => {
    expect(filterQuery(emptyInboxFilter)).toEqual({
      Spam: 'false',
      Search: undefined,
      Subject: undefined,
      Delivery: undefined,
      Handled: undefined,
      Status: undefined,
      Assignee: undefined,
      FollowUpDue: undefined,
      Unanswered: undefined,
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
        status: 'open',
        assignee: 'me',
        followUpDue: true,
        unanswered: true,
        job: '7',
        from: '2026-11-01',
      }),
    ).toMatchObject({
      Spam: 'true',
      Search: 'müller',
      Subject: 'application',
      Handled: 'false',
      Status: undefined,
      Assignee: 'me',
      FollowUpDue: 'true',
      Unanswered: 'true',
      JobID: '7',
      From: '2026-11-01',
      To: undefined,
    });
  });

  it('asks for one status, or for every one but closed', () => {
    expect(filterQuery({ ...emptyInboxFilter, status: 'answered' })).toMatchObject({ Status: 'answered', Handled: undefined });
    expect(filterQuery({ ...emptyInboxFilter, status: 'open' })).toMatchObject({ Status: undefined, Handled: 'false' });
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

describe('a view’s count as its badge shows it', () => {
  it('is the count, and "1000+" for a search past its cap', () => {
    expect(shownCount({ count: 12, countCapped: false })).toBe(12);
    expect(shownCount({ count: 1000, countCapped: true })).toBe('1000+');
  });
});
