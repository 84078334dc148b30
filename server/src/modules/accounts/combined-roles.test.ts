import { describe, expect, it } from 'vitest';
import { type Account, type InquirySummary, apiRoutes, apiUrl } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { inquiryStore } from '../inbox/inbox.test-kit';
import { newPassword, signedInAs, usersUrl } from './accounts.test-kit';

// Content and inbox rights in one account (issue 42, decision 051): the role `editorInbox`.

const store = inquiryStore({
  subject: 'priceInquiry',
  firstName: 'Anna',
  lastName: 'Berg',
  phone: '+49 30 1234567',
  email: 'anna.berg@example.org',
  message: 'Bitte um ein Angebot.',
});
const one = (id: number) => apiUrl(apiRoutes.inbox.onePath(id));
const inquiries = apiUrl(apiRoutes.inbox.list);
const verify = apiUrl(apiRoutes.auth.verify);
const sessions = apiUrl(apiRoutes.auth.sessions);
const category = { name: 'industry', translation: [{ content: 'Industrie', language: 1 }] };

describe.each(databaseKinds)('content and inbox rights together on %s (issue 42)', (kind) => {
  it('an editorInbox account edits content, works on the inquiries of its types, counts them unread, and never reaches settings', async () => {
    const { url, app } = await startTestApp(kind);
    const price = await store(app.db, {});
    const application = await store(app.db, { subject: 'application', email: 'bewerbung@example.org', phone: '0171 1111111' });
    const admin = await signIn(url);
    const created = await api(url, 'POST', usersUrl, {
      token: admin,
      body: { username: 'pm', role: 'editorInbox', inquiryTypes: ['priceInquiry'] },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ username: 'pm', role: 'editorInbox' });
    const pm = await signedInAs(url, admin, 'pm2', 'editorInbox', { inquiryTypes: ['priceInquiry'] });

    const listed = (await api(url, 'GET', usersUrl, { token: admin })).body.data as Account[];
    expect(listed.find((a) => a.username === 'pm2')).toMatchObject({ role: 'editorInbox', inquiryTypes: ['priceInquiry'] });
    const verified = await api(url, 'POST', verify, { body: { JWT: pm.token } });
    expect(verified.body).toMatchObject({ valid: true, role: 'editorInbox', inquiryTypes: ['priceInquiry'] });

    // Content as an editor: a category made, drafts read as staff.
    expect((await api(url, 'POST', apiUrl(apiRoutes.categories.list), { token: pm.token, body: category })).status).toBe(201);
    expect((await api(url, 'GET', '/api/v1/Job', { token: pm.token })).headers.get('cache-control')).toBe('no-store');
    // Inquiries as an inbox account limited to price inquiries.
    const list = await api(url, 'GET', inquiries, { token: pm.token });
    expect(list.status, list.text).toBe(200);
    expect((list.body.data as InquirySummary[]).map((i) => i.id)).toEqual([price]);
    expect((await api(url, 'GET', one(application), { token: pm.token })).status).toBe(404);
    expect((await api(url, 'GET', apiUrl(apiRoutes.inbox.unread), { token: pm.token })).body.count).toBe(1);
    // Never accounts or settings.
    for (const [method, path] of [
      ['GET', usersUrl],
      ['GET', '/api/v1/Settings/Mail'],
      ['GET', '/api/v1/Audit'],
    ] as const) {
      const res = await api(url, method, path, { token: pm.token });
      expect(res.status, path).toBe(403);
    }

    // It may be given the price inquiry, takes it on itself and finds it under "mine".
    const choices = await api(url, 'GET', apiUrl(apiRoutes.inbox.assigneesPath(price)), { token: pm.token });
    expect(choices.body.map((c: { id: number }) => c.id)).toContain(pm.id);
    const forApplication = await api(url, 'GET', apiUrl(apiRoutes.inbox.assigneesPath(application)), { token: admin });
    expect(forApplication.body.map((c: { id: number }) => c.id)).not.toContain(pm.id);
    const taken = await api(url, 'PUT', one(price), { token: pm.token, body: { status: 'inProgress', assigneeId: pm.id } });
    expect(taken.status, taken.text).toBe(200);
    expect(taken.body.assignee).toMatchObject({ id: pm.id });
    expect(
      (await api(url, 'GET', `${inquiries}?Assignee=me`, { token: pm.token })).body.data.map((i: { id: number }) => i.id),
    ).toEqual([price]);
    // An application is not its to be given.
    const refused = await api(url, 'PUT', one(application), { token: admin, body: { assigneeId: pm.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('assigneeId');
  });

  it('an editorInbox account limited to applications cannot be given a price inquiry; an unlimited one can', async () => {
    const { url, app } = await startTestApp(kind);
    const price = await store(app.db, {});
    const admin = await signIn(url);
    const hr = await signedInAs(url, admin, 'hr', 'editorInbox', { inquiryTypes: ['application'] });
    const pm = await signedInAs(url, admin, 'pm', 'editorInbox');
    const refused = await api(url, 'PUT', one(price), { token: admin, body: { assigneeId: hr.id } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].field).toBe('assigneeId');
    expect((await api(url, 'PUT', one(price), { token: hr.token, body: { status: 'closed' } })).status).toBe(404);
    const given = await api(url, 'PUT', one(price), { token: admin, body: { assigneeId: pm.id } });
    expect(given.status, given.text).toBe(200);
  });

  it('changes roles to and from the combination: sign-ins end, a limit carries over from inbox, an editor drops it and its inquiries', async () => {
    const { url, app } = await startTestApp(kind);
    const price = await store(app.db, {});
    const admin = await signIn(url);
    const put = (body: object) => api(url, 'PUT', usersUrl, { token: admin, body });
    const alive = async (token: string) => (await api(url, 'GET', sessions, { token })).status === 200;

    // An editor given the inbox too: every type, sign-ins ended.
    const ed = await signedInAs(url, admin, 'ed', 'editor');
    const widened = await put({ id: ed.id, role: 'editorInbox' });
    expect(widened.status, widened.text).toBe(200);
    expect(widened.body).toMatchObject({ role: 'editorInbox', inquiryTypes: null });
    expect(await alive(ed.token)).toBe(false);

    // An inbox account limited to applications given content too keeps its limit.
    const hr = await signedInAs(url, admin, 'hr', 'inbox', { inquiryTypes: ['application'] });
    const both = await put({ id: hr.id, role: 'editorInbox' });
    expect(both.body).toMatchObject({ role: 'editorInbox', inquiryTypes: ['application'] });
    expect(await alive(hr.token)).toBe(false);

    // A client that sends back what it read is not refused, and nothing changes: sign-ins go on.
    const hrAgain = (await api(url, 'POST', apiUrl(apiRoutes.auth.login), { body: { username: 'hr', password: newPassword } }))
      .body.jwtToken as string;
    const read = ((await api(url, 'GET', usersUrl, { token: admin })).body.data as Account[]).find((a) => a.id === hr.id)!;
    const again = await put(read);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ role: 'editorInbox', inquiryTypes: ['application'] });
    expect(await alive(hrAgain)).toBe(true);

    // Back to editor: the limit goes, and so do the inquiries it was given.
    const pm = await signedInAs(url, admin, 'pm', 'editorInbox', { inquiryTypes: ['priceInquiry'] });
    expect((await api(url, 'PUT', one(price), { token: admin, body: { assigneeId: pm.id } })).status).toBe(200);
    const narrowed = await put({ id: pm.id, role: 'editor' });
    expect(narrowed.body).toMatchObject({ role: 'editor', inquiryTypes: null });
    expect(await alive(pm.token)).toBe(false);
    expect((await api(url, 'GET', one(price), { token: admin })).body.assignee).toBeNull();
    const stored = await app.db
      .selectFrom('users')
      .select(['role', 'inquiry_types'])
      .where('id', '=', pm.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ role: 'editor', inquiry_types: null });

    // The audit trail names the change.
    const audit = await api(url, 'GET', `${apiUrl(apiRoutes.audit.list)}?Kind=user`, { token: admin });
    expect(JSON.stringify(audit.body)).toContain('editorInbox');
  });

  it('keeps the last admin: demoting them to the combination is refused', async () => {
    const { url } = await startTestApp(kind);
    const admin = await signIn(url);
    const me = ((await api(url, 'GET', usersUrl, { token: admin })).body.data as Account[])[0]!;
    const res = await api(url, 'PUT', usersUrl, { token: admin, body: { id: me.id, role: 'editorInbox' } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('last_admin');
    // With a second admin it is allowed, and the first is an editorInbox account from then on.
    await signedInAs(url, admin, 'second', 'admin');
    const demoted = await api(url, 'PUT', usersUrl, { token: admin, body: { id: me.id, role: 'editorInbox' } });
    expect(demoted.status, demoted.text).toBe(200);
    expect(demoted.body.role).toBe('editorInbox');
    expect((await api(url, 'GET', usersUrl, { token: admin })).status).toBe(401);
  });
});
