import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { invitationUrl, newPassword, tokenOf, usersUrl } from '../accounts/accounts.test-kit';
import { postContact, priceInquiry, until } from '../contact/contact.test-kit';

const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', CONTACT_MIN_FILL_SECONDS: '0', CONFIRMATION_MAIL: 'false' };
const one = (id: number) => apiUrl(apiRoutes.inbox.onePath(id));
/** The assignment mails among those received (the sink also gets the inquiry's and the invitations). */
const assignmentMails = (smtp: SmtpSink) => smtp.received.filter((m) => m.mail.subject?.includes('zugewiesen'));

/** An inbox account with an e-mail address, its invitation used: its id and token. */
async function colleague(url: string, admin: string, username: string, email: string | null) {
  const created = await api(url, 'POST', usersUrl, { token: admin, body: { username, role: 'inbox', email } });
  expect(created.status, created.text).toBe(201);
  const accepted = await api(url, 'POST', invitationUrl, {
    body: { token: tokenOf(created.body.invitation.url), password: newPassword },
  });
  expect(accepted.status, accepted.text).toBe(200);
  await api(url, 'PUT', apiUrl(apiRoutes.users.me), { token: accepted.body.jwtToken, body: { displayName: `${username} Name` } });
  return { id: created.body.id as number, token: accepted.body.jwtToken as string };
}

describe.each(databaseKinds)('the assignment mail on %s (issue 42)', (kind) => {
  it('tells a colleague given an inquiry by mail: its reference and a link, never its content', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, SITE_URL: 'https://www.firma.example' });
    const inquiry = (await postContact(url, priceInquiry)).body;
    const admin = await signIn(url);
    const office = await colleague(url, admin, 'office', 'office@firma.example');

    const assigned = await api(url, 'PUT', one(inquiry.id), { token: admin, body: { assigneeId: office.id } });
    expect(assigned.status, assigned.text).toBe(200);
    const [mail] = await until(() => (assignmentMails(smtp).length ? assignmentMails(smtp) : undefined));
    expect(mail!.to).toEqual(['office@firma.example']);
    expect(mail!.mail.subject).toBe(`Anfrage ${inquiry.reference} zugewiesen / Inquiry ${inquiry.reference} assigned to you`);
    const text = mail!.mail.text ?? '';
    expect(text).toContain(`Guten Tag office Name,`);
    expect(text).toContain(`admin hat Ihnen die Anfrage ${inquiry.reference} zugewiesen.`);
    expect(text).toContain(`admin has assigned inquiry ${inquiry.reference} to you.`);
    expect(text).toContain(`https://www.firma.example/dashboard?tab=inquiries&item=${inquiry.id}`);
    // Who wrote, what and how to reach them stay behind the sign-in.
    for (const field of [
      priceInquiry.firstName,
      priceInquiry.lastName,
      priceInquiry.email,
      priceInquiry.phone,
      priceInquiry.message,
    ]) {
      expect(`${mail!.mail.subject} ${text} ${mail!.mail.html || ''}`).not.toContain(field);
    }
    expect(mail!.mail.headers.get('auto-submitted')).toBe('auto-generated');
    // The inquiry's own mails stay its two kinds: the assignment mail is not in its delivery list.
    const detail = await api(url, 'GET', one(inquiry.id), { token: admin });
    expect(detail.body.mails.map((m: { kind: string }) => m.kind)).toEqual(['inquiry']);
  });

  it('mails nobody who takes an inquiry on themselves, has no address, or is no longer the assignee when it is sent', async () => {
    // The mail server is away while the inquiry is passed around: every mail waits to be tried again.
    const smtp = await SmtpSink.reserve();
    const { url, app } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const inquiry = (await postContact(url, priceInquiry)).body;
    const admin = await signIn(url);
    const office = await colleague(url, admin, 'office', 'office@firma.example');
    const hr = await colleague(url, admin, 'hr', 'hr@firma.example');
    const silent = await colleague(url, admin, 'silent', null);
    const give = async (token: string, assigneeId: number | null) =>
      expect((await api(url, 'PUT', one(inquiry.id), { token, body: { assigneeId } })).status).toBe(200);
    await give(office.token, office.id); // oneself: no mail
    await give(admin, silent.id); // no address: queued, and found to have nowhere to go
    await give(admin, hr.id); // given to HR, then to the office: HR's mail finds it is not theirs
    await give(admin, office.id);
    await smtp.listen();
    // The one assignment mail that still holds; the others, tried again, find nothing to send.
    await until(() => assignmentMails(smtp).length || undefined);
    await until(async () => {
      const queued = await app.db.selectFrom('mail_outbox').select('status').where('kind', '=', 'assignment').execute();
      return queued.length === 3 && queued.every((mail) => mail.status !== 'pending') ? queued : undefined;
    });
    expect(assignmentMails(smtp).map((m) => m.to)).toEqual([['office@firma.example']]);
  });

  it('queues no mail without a mail server', async () => {
    const { url, app } = await startTestApp(kind, { ...fastMail });
    const inquiry = (await postContact(url, priceInquiry)).body;
    const admin = await signIn(url);
    const office = await colleague(url, admin, 'office', 'office@firma.example');
    expect((await api(url, 'PUT', one(inquiry.id), { token: admin, body: { assigneeId: office.id } })).status).toBe(200);
    expect(await app.db.selectFrom('assignment_mails').selectAll().execute()).toEqual([]);
  });
});
