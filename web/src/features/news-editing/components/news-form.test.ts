import { describe, expect, it } from 'vitest';
import { type NewsPost, newsPostCreateSchema, newsPostUpdateSchema } from '@blitz/contract';
import { blankSection } from '../../../components/admin/sections/sections';
import {
  type NewsFormValues,
  addressFromTitle,
  keptPublishAt,
  newsCreatePayload,
  newsFormSchema,
  newsFormValues,
  newsUpdatePayload,
  postWithAddress,
  schedules,
} from './news-form';

// Monday 4 January 2027, 10:00 in Berlin.
const now = new Date('2027-01-04T09:00:00.000Z');

const post = (fields: Partial<NewsPost> = {}): NewsPost => ({
  id: 7,
  address: 'neues-montagefahrzeug',
  title: { de: 'Neues Montagefahrzeug', en: 'A new installation van' },
  date: null,
  teaser: { de: 'Ab heute unterwegs.', en: 'On the road from today.' },
  cover: null,
  searchTitle: [],
  searchDescription: [],
  noindex: false,
  publishAt: null,
  sections: [],
  published: false,
  draft: null,
  changedAt: '2027-01-01T00:00:00.000Z',
  createdAt: '2027-01-01T00:00:00.000Z',
  updatedAt: '2027-01-01T00:00:00.000Z',
  ...fields,
});

const parse = (values: NewsFormValues) => newsFormSchema().parse(values);
const filled = (fields: Partial<NewsFormValues> = {}): NewsFormValues => ({ ...newsFormValues(post(), now), ...fields });

describe('the post dialog’s fields', () => {
  it('starts a new post empty, to be published at once, on the day it goes live', () => {
    expect(newsFormValues(undefined, now)).toMatchObject({ address: '', date: '', publishMode: 'now', publishTime: '' });
    const payload = newsCreatePayload(parse(filled()), [blankSection('text', undefined, 's1')], true);
    expect(payload).toMatchObject({ date: null, publishAt: null, cover: null, published: true });
    expect(newsPostCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('sends a time chosen in Berlin as its moment, in winter and across the switch to summer time', () => {
    const winter = newsCreatePayload(parse(filled({ publishMode: 'at', publishTime: '2027-01-11T07:00' })), [], true);
    expect(winter.publishAt).toBe('2027-01-11T06:00:00.000Z');
    const summer = newsCreatePayload(parse(filled({ publishMode: 'at', publishTime: '2027-03-29T07:00' })), [], true);
    expect(summer.publishAt).toBe('2027-03-29T05:00:00.000Z');
    expect(schedules({ publishMode: 'at', publishTime: '2027-01-04T10:01' }, now)).toBe(true);
    expect(schedules({ publishMode: 'at', publishTime: '2027-01-04T09:59' }, now)).toBe(false);
    expect(schedules({ publishMode: 'now', publishTime: '2027-01-11T07:00' }, now)).toBe(false);
  });

  it('shows a scheduled post’s time in Berlin, and a live one’s as passed: "now" keeps the moment it went live', () => {
    const scheduled = post({ published: true, publishAt: '2027-07-01T05:00:00.000Z' });
    expect(newsFormValues(scheduled, now)).toMatchObject({ publishMode: 'at', publishTime: '2027-07-01T07:00' });
    const live = post({ published: true, publishAt: '2027-01-02T08:00:00.000Z' });
    expect(newsFormValues(live, now)).toMatchObject({ publishMode: 'now', publishTime: '' });
    expect(keptPublishAt(live, now)).toBe(live.publishAt);
    const saved = newsUpdatePayload(live, parse(newsFormValues(live, now)), [], true, live.updatedAt, now);
    expect(saved).toMatchObject({ id: 7, publishAt: live.publishAt, updatedAt: live.updatedAt });
    expect(newsPostUpdateSchema.safeParse(saved).success).toBe(true);
    // A scheduled post set to "now" goes live when it is saved; a draft when it is published.
    expect(newsUpdatePayload(scheduled, parse(newsFormValues(live, now)), [], true, undefined, now).publishAt).toBeNull();
    expect(keptPublishAt(post({ publishAt: '2027-01-02T08:00:00.000Z' }), now)).toBeNull();
  });

  it('keeps the date shown empty (the day it goes live) or as chosen, and refuses one that is not a date', () => {
    expect(newsCreatePayload(parse(filled({ date: '2026-12-18' })), [], false).date).toBe('2026-12-18');
    expect(newsFormSchema().safeParse(filled({ date: '18.12.2026' })).success).toBe(false);
  });

  it('asks for the time when the post is to go live at one', () => {
    const refused = newsFormSchema().safeParse(filled({ publishMode: 'at', publishTime: '' }));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['publishTime'], message: 'newsEditing:errors.publishTime' });
  });

  it('sends the cover with its alternative texts and focal point, or none', () => {
    const values = parse(filled({ coverFileId: 12, coverAltDe: 'Der neue Wagen', coverAltEn: '', coverFocus: { x: 30, y: 60 } }));
    expect(newsCreatePayload(values, [], false).cover).toEqual({
      fileId: 12,
      alt: { de: 'Der neue Wagen', en: '' },
      focus: { x: 30, y: 60 },
    });
    expect(newsCreatePayload(parse(filled({ coverFileId: 12 })), [], false).cover).not.toHaveProperty('focus');
  });

  it('makes the address from the German title (one word group, no slash) and says which other post has it', () => {
    expect(addressFromTitle('Ausbildungsstart 2026: Willkommen!')).toBe('ausbildungsstart-2026-willkommen');
    expect(newsFormSchema().safeParse(filled({ address: 'feed' })).error?.issues[0]?.message).toBe(
      'newsEditing:errors.addressReserved',
    );
    expect(newsFormSchema().safeParse(filled({ address: '/mit-schrägstrich' })).error?.issues[0]?.message).toBe(
      'newsEditing:errors.addressForm',
    );
    const other = post({ id: 8, address: 'azubis', draft: { ...post(), address: 'Ausbildung', updatedAt: '' } });
    expect(postWithAddress([other], 'ausbildung', 7)).toBe(other);
    expect(postWithAddress([other], 'azubis', 8)).toBeUndefined();
  });
});
