import { describe, expect, it } from 'vitest';
import { type InquiryDetail, type InquirySummary, apiRoutes, apiUrl } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { signedInAs } from '../accounts/accounts.test-kit';
import { inquiryStore, storedInquiryDefaults } from './inbox.test-kit';

/** A price inquiry from Anna Berg, stored as the contact form would, with a chosen sender and time of arrival. */
const store = inquiryStore({
  subject: 'priceInquiry',
  firstName: 'Anna',
  lastName: 'Berg',
  phone: '+49 30 1234567',
  email: 'anna.berg@example.org',
  message: 'Bitte um ein Angebot.',
});
const base = storedInquiryDefaults;

const daysBefore = (iso: string, days: number) => new Date(Date.parse(iso) - days * 86_400_000).toISOString();
const one = (id: number) => apiUrl(apiRoutes.inbox.onePath(id));
const listUrl = (query = '') => `${apiUrl(apiRoutes.inbox.list)}${query && `?${query}`}`;

describe.each(databaseKinds)('duplicates in the inbox on %s (issue 42)', (kind) => {
  it('links inquiries from one sender however the address and number were written, both ways, within 90 days', async () => {
    const { url, app } = await startTestApp(kind);
    const first = await store(app.db);
    const sameBoth = await store(app.db, {
      email: ' Anna.Berg@EXAMPLE.org',
      phone: '030 123 45 67',
      createdAt: daysBefore(base.createdAt, 10),
    });
    const samePhone = await store(app.db, { email: 'einkauf@berg-bau.example', phone: '0049 (0)30 / 1234567' });
    const sameEmailLongAgo = await store(app.db, { phone: '0171 7654321', createdAt: daysBefore(base.createdAt, 91) });
    const someoneElse = await store(app.db, { email: 'k.ost@example.org', phone: '089 7654321' });
    // What the spam checks caught is nobody's duplicate.
    await store(app.db, { spam: true });
    const token = await signIn(url);

    const detail = (id: number) => api(url, 'GET', one(id), { token }).then((res) => res.body as InquiryDetail);
    const linked = (d: InquiryDetail) => d.duplicates.map((dup) => [dup.id, dup.matchedBy]);
    expect(linked(await detail(first))).toEqual([
      [samePhone, ['phone']],
      [sameBoth, ['email', 'phone']],
    ]);
    expect(linked(await detail(samePhone))).toEqual([
      [first, ['phone']],
      [sameBoth, ['phone']],
    ]);
    expect(linked(await detail(sameBoth))).toEqual([
      [samePhone, ['phone']],
      [first, ['email', 'phone']],
      // 81 days apart: still the same person asking again.
      [sameEmailLongAgo, ['email']],
    ]);
    expect(linked(await detail(sameEmailLongAgo))).toEqual([[sameBoth, ['email']]]);
    expect(linked(await detail(someoneElse))).toEqual([]);
    expect((await detail(first)).duplicates[0]).toEqual({
      id: samePhone,
      reference: expect.any(String),
      createdAt: base.createdAt,
      subject: 'priceInquiry',
      typeNames: null,
      status: 'new',
      firstName: 'Anna',
      lastName: 'Berg',
      matchedBy: ['phone'],
    });

    const rows = (await api(url, 'GET', listUrl(), { token })).body.data as InquirySummary[];
    expect(Object.fromEntries(rows.map((r) => [r.id, r.duplicateCount]))).toEqual({
      [first]: 2,
      [sameBoth]: 3,
      [samePhone]: 2,
      [sameEmailLongAgo]: 1,
      [someoneElse]: 0,
    });
  });

  it('shows an inbox user only the duplicates of types they may see', async () => {
    const { url, app } = await startTestApp(kind);
    const application = await store(app.db, { subject: 'application' });
    const price = await store(app.db);
    const admin = await signIn(url);
    const hr = await signedInAs(url, admin, 'hr', 'inbox', { inquiryTypes: ['application'] });
    const seen = await api(url, 'GET', one(application), { token: hr.token });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.duplicates).toEqual([]);
    expect(seen.body.duplicateCount).toBe(0);
    expect((await api(url, 'GET', one(application), { token: admin })).body.duplicates.map((d: { id: number }) => d.id)).toEqual([
      price,
    ]);
  });
});

describe.each(databaseKinds)('unread inquiries on %s (issue 42)', (kind) => {
  it('keeps a new inquiry unread for each colleague until they open it, with a count for the inbox tab', async () => {
    const { url, app } = await startTestApp(kind);
    const older = await store(app.db, { createdAt: daysBefore(base.createdAt, 1) });
    const newer = await store(app.db, { email: 'k.ost@example.org', phone: '089 7654321' });
    const application = await store(app.db, { subject: 'application', email: 'bewerbung@example.org', phone: '0171 1111111' });
    const admin = await signIn(url);
    const office = await signedInAs(url, admin, 'office', 'inbox');
    const hr = await signedInAs(url, admin, 'hr', 'inbox', { inquiryTypes: ['application'] });
    const unreadCount = async (token: string) => {
      const res = await api(url, 'GET', apiUrl(apiRoutes.inbox.unread), { token });
      expect(res.status, res.text).toBe(200);
      return res.body.count as number;
    };
    const unreadIds = async (token: string, query = '') =>
      ((await api(url, 'GET', listUrl(query), { token })).body.data as InquirySummary[]).filter((r) => r.unread).map((r) => r.id);

    expect(await unreadCount(admin)).toBe(3);
    expect(await unreadCount(office.token)).toBe(3);
    // HR sees applications only, and counts only those.
    expect(await unreadCount(hr.token)).toBe(1);
    expect(await unreadIds(admin)).toEqual([application, newer, older]);

    // Opened by the admin: read for the admin, still unread for the office.
    const opened = await api(url, 'GET', one(newer), { token: admin });
    expect(opened.body.unread).toBe(false);
    expect(await unreadCount(admin)).toBe(2);
    expect(await unreadCount(office.token)).toBe(3);
    expect(await unreadIds(admin)).toEqual([application, older]);
    const onlyUnread = await api(url, 'GET', listUrl('Unread=true'), { token: admin });
    expect(onlyUnread.body.data.map((r: InquirySummary) => r.id)).toEqual([application, older]);
    expect(onlyUnread.body.count).toBe(2);
    expect((await api(url, 'GET', listUrl('unread=true&Status=closed'), { token: admin })).body.count).toBe(0);
    // Opening it again changes nothing.
    await api(url, 'GET', one(newer), { token: admin });
    expect(await unreadCount(admin)).toBe(2);

    // Someone works on it: no longer new, so unread for nobody.
    await api(url, 'PUT', one(older), { token: office.token, body: { status: 'inProgress' } });
    expect(await unreadCount(admin)).toBe(1);
    expect(await unreadCount(office.token)).toBe(2);
    expect(await unreadIds(office.token)).toEqual([application, newer]);
  });

  it('refuses a malformed filter with a clear 400 and an opened inquiry that is not there with 404', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const res = await api(url, 'GET', listUrl('Unread=maybe'), { token });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('Unread');
    expect((await api(url, 'GET', one(424242), { token })).status).toBe(404);
    expect(await api(url, 'GET', apiUrl(apiRoutes.inbox.unread), {}).then((r) => r.status)).toBe(401);
  });
});
