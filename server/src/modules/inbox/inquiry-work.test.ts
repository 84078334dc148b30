import { describe, expect, it } from 'vitest';
import { type InquiryDetail, apiRoutes, apiUrl, berlinDate } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { signedInAs, usersUrl } from '../accounts/accounts.test-kit';
import { generalMessage, postContact, priceInquiry, until } from '../contact/contact.test-kit';
import { migrateTo, migrateToLatest } from '../../db/migrate';

const one = (id: number) => apiUrl(apiRoutes.inbox.onePath(id));
const ids = (body: { data: { id: number }[] }) => body.data.map((i) => i.id);

describe.each(databaseKinds)('working on an inquiry on %s (issue 42)', (kind) => {
  it('moves through new, in progress, answered and closed; each step in the time line with who and when', async () => {
    const { url } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    const { body: created } = await postContact(url, priceInquiry);
    const admin = await signIn(url);
    for (const status of ['inProgress', 'answered', 'closed'] as const) {
      const res = await api(url, 'PUT', one(created.id), { token: admin, body: { status } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.status).toBe(status);
    }
    const detail = (await api(url, 'GET', one(created.id), { token: admin })).body as InquiryDetail;
    expect(detail.handledAt).toEqual(expect.any(String));
    expect(detail.history[0]).toEqual({ kind: 'received', at: expect.any(String) });
    expect(detail.history.filter((e) => e.kind === 'status')).toEqual(
      ['inProgress', 'answered', 'closed'].map((status) => ({ kind: 'status', at: expect.any(String), by: 'admin', status })),
    );
    // The same status again changes nothing and adds no line.
    await api(url, 'PUT', one(created.id), { token: admin, body: { status: 'closed' } });
    expect(
      (await api(url, 'GET', one(created.id), { token: admin })).body.history.filter(
        (e: { kind: string }) => e.kind === 'status',
      ),
    ).toHaveLength(3);
    // Reopened: not closed any more.
    expect((await api(url, 'PUT', one(created.id), { token: admin, body: { status: 'inProgress' } })).body.handledAt).toBeNull();
  });

  it('keeps the call before the workflow: Handled closes, not handled is new again; both, and a note, at the app’s time', async () => {
    // The app's clock, a day behind the system's: what staff do is stamped with the app's.
    const now = new Date(Date.now() - 86_400_000);
    const { url } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' }, { clock: () => now });
    const { body: created } = await postContact(url, generalMessage);
    const admin = await signIn(url);
    const closed = await api(url, 'POST', apiUrl(apiRoutes.inbox.handledPath(created.id)), { token: admin });
    expect(closed.body).toMatchObject({ status: 'closed', handledAt: now.toISOString() });
    expect(closed.body.history.find((e: { kind: string }) => e.kind === 'status')).toMatchObject({ at: now.toISOString() });
    const noted = await api(url, 'POST', apiUrl(apiRoutes.inbox.notePath(created.id)), {
      token: admin,
      body: { text: 'Rückruf' },
    });
    expect(noted.status, noted.text).toBeLessThan(300);
    const detail = (await api(url, 'GET', one(created.id), { token: admin })).body as InquiryDetail;
    expect(detail.history.find((e) => e.kind === 'note')).toMatchObject({ at: now.toISOString(), text: 'Rückruf' });
    const list = (query: string) => api(url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?${query}`, { token: admin });
    expect(ids((await list('Handled=true')).body)).toEqual([created.id]);
    expect(ids((await list('Status=closed')).body)).toEqual([created.id]);
    expect(ids((await list('Handled=false')).body)).toEqual([]);
    await api(url, 'POST', apiUrl(apiRoutes.inbox.handledPath(created.id)), { token: admin, body: { handled: false } });
    expect(ids((await list('Status=new')).body)).toEqual([created.id]);
  });

  it('assigns only to an active colleague who may see the type; "mine" lists them; disabling, deleting or narrowing the rights unassigns', async () => {
    const { url } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    const price = (await postContact(url, priceInquiry)).body;
    const application = (await postContact(url, { ...generalMessage, subject: 'application' })).body;
    const admin = await signIn(url);
    const office = await signedInAs(url, admin, 'office', 'inbox');
    const hr = await signedInAs(url, admin, 'hr', 'inbox', { inquiryTypes: ['application'] });
    const editor = await signedInAs(url, admin, 'editor', 'editor');
    await api(url, 'PUT', apiUrl(apiRoutes.users.me), { token: office.token, body: { displayName: 'Olga Office' } });

    // Who may be given the price inquiry: admin and office, not HR (applications only), not the editor.
    const choices = await api(url, 'GET', apiUrl(apiRoutes.inbox.assigneesPath(price.id)), { token: office.token });
    expect(choices.status, choices.text).toBe(200);
    expect(choices.body.map((c: { name: string }) => c.name).sort()).toEqual(['Olga Office', 'admin']);
    for (const refused of [hr.id, editor.id, 999_999]) {
      const res = await api(url, 'PUT', one(price.id), { token: admin, body: { assigneeId: refused } });
      expect(res.status, `assignee ${refused}`).toBe(400);
      expect(res.body.errors[0].field).toBe('assigneeId');
    }
    // HR may be given the application; an HR user does not see the price inquiry at all.
    expect((await api(url, 'PUT', one(application.id), { token: admin, body: { assigneeId: hr.id } })).status).toBe(200);
    expect((await api(url, 'PUT', one(price.id), { token: hr.token, body: { status: 'closed' } })).status).toBe(404);

    // A client sending back what it read is not refused for the fields it got.
    const read = (await api(url, 'GET', one(price.id), { token: office.token })).body;
    const assigned = await api(url, 'PUT', one(price.id), { token: office.token, body: { ...read, assigneeId: office.id } });
    expect(assigned.status, assigned.text).toBe(200);
    expect(assigned.body.assignee).toEqual({ id: office.id, name: 'Olga Office' });
    expect(assigned.body.history.at(-1)).toMatchObject({ kind: 'assignee', by: 'Olga Office', assignee: 'Olga Office' });

    const mine = async (token: string) =>
      ids((await api(url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?Assignee=me`, { token })).body);
    expect(await mine(office.token)).toEqual([price.id]);
    expect(await mine(hr.token)).toEqual([application.id]);
    expect(await mine(admin)).toEqual([]);
    expect(ids((await api(url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?Assignee=none`, { token: admin })).body)).toEqual([]);
    expect(ids((await api(url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?Assignee=${hr.id}`, { token: admin })).body)).toEqual([
      application.id,
    ]);

    // HR loses applications (now general messages only): the application goes back to nobody.
    await api(url, 'PUT', usersUrl, { token: admin, body: { id: hr.id, role: 'inbox', inquiryTypes: ['generalMessage'] } });
    const unassigned = (await api(url, 'GET', one(application.id), { token: admin })).body as InquiryDetail;
    expect(unassigned.assignee).toBeNull();
    expect(unassigned.history.at(-1)).toMatchObject({ kind: 'assignee', by: 'admin', assignee: null });
    // Disabling the office account unassigns too; so would deleting it.
    await api(url, 'PUT', usersUrl, { token: admin, body: { id: office.id, disabled: true } });
    expect((await api(url, 'GET', one(price.id), { token: admin })).body.assignee).toBeNull();
    const other = await signedInAs(url, admin, 'other', 'inbox');
    await api(url, 'PUT', one(price.id), { token: admin, body: { assigneeId: other.id } });
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.users.onePath(other.id)), { token: admin })).status).toBe(204);
    expect((await api(url, 'GET', one(price.id), { token: admin })).body.assignee).toBeNull();
  });

  it('keeps a follow-up day and lists what is due today or overdue, not closed', async () => {
    const { url } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    const due = (await postContact(url, priceInquiry)).body;
    const later = (await postContact(url, generalMessage)).body;
    const admin = await signIn(url);
    const today = berlinDate();
    expect((await api(url, 'PUT', one(due.id), { token: admin, body: { followUpOn: '2026-01-05' } })).body.followUpOn).toBe(
      '2026-01-05',
    );
    await api(url, 'PUT', one(later.id), { token: admin, body: { followUpOn: '2999-12-31' } });
    const dueList = async () =>
      ids((await api(url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?FollowUpDue=true`, { token: admin })).body);
    expect(await dueList()).toEqual([due.id]);
    await api(url, 'PUT', one(later.id), { token: admin, body: { followUpOn: today } });
    expect((await dueList()).sort()).toEqual([due.id, later.id].sort());
    await api(url, 'PUT', one(due.id), { token: admin, body: { status: 'closed' } });
    expect(await dueList()).toEqual([later.id]);
    // Cleared; bad days refused with the field named.
    expect((await api(url, 'PUT', one(later.id), { token: admin, body: { followUpOn: null } })).body.followUpOn).toBeNull();
    for (const bad of ['tomorrow', '2026-02-30', 20260105]) {
      const res = await api(url, 'PUT', one(later.id), { token: admin, body: { followUpOn: bad } });
      expect(res.status).toBe(400);
    }
    expect((await api(url, 'PUT', one(later.id), { token: admin, body: { status: 'handled' } })).status).toBe(400);
    expect((await api(url, 'PUT', one(99_999), { token: admin, body: { status: 'closed' } })).status).toBe(404);
  });

  it('keeps internal notes with author and time, in the time line, and never in a mail', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, {
      CONTACT_MIN_FILL_SECONDS: '0',
      MAIL_POLL_MS: '50',
      SMTP_URL: smtp.url,
      CONFIRMATION_MAIL: 'true',
    });
    const created = (await postContact(url, priceInquiry)).body;
    const admin = await signIn(url);
    // The company's mail and the confirmation out first: the resend below then queues a new one.
    await until(() => smtp.received.length >= 2);
    const secret = 'Internal: offer 12 % below list, do not tell the customer';
    const noted = await api(url, 'POST', apiUrl(apiRoutes.inbox.notePath(created.id)), {
      token: admin,
      body: { text: `  ${secret}  ` },
    });
    expect(noted.status, noted.text).toBe(201);
    expect(noted.body.history.at(-1)).toEqual({
      kind: 'note',
      at: expect.any(String),
      by: 'admin',
      id: expect.any(Number),
      text: secret,
    });
    for (const bad of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(5001) }, {}, { text: 'a', extra: 1 }]) {
      expect((await api(url, 'POST', apiUrl(apiRoutes.inbox.notePath(created.id)), { token: admin, body: bad })).status).toBe(
        400,
      );
    }
    // Resent, so that every mail of the inquiry goes out once more after the note.
    await api(url, 'POST', apiUrl(apiRoutes.inbox.resendPath(created.id)), { token: admin });
    await until(() => smtp.received.length >= 3);
    for (const { mail } of smtp.received) expect(`${mail.subject} ${mail.text} ${mail.html || ''}`).not.toContain('below list');
  });

  it('migrates "handled" to "closed"', async () => {
    const { app, url } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    const created = (await postContact(url, generalMessage)).body;
    // Back to the release before the workflow, whatever came after it.
    await migrateTo(app.db, '2026-12-10_redirects');
    await app.db
      .updateTable('inquiries')
      .set({ status: 'handled' } as never)
      .where('id', '=', created.id)
      .execute();
    await migrateToLatest(app.db);
    const admin = await signIn(url);
    expect((await api(url, 'GET', one(created.id), { token: admin })).body.status).toBe('closed');
  });
});
