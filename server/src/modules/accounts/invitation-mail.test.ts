import { describe, expect, it } from 'vitest';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { invitationUrl, newPassword, tokenOf, usersUrl } from './accounts.test-kit';

const fastMail = { MAIL_RETRY_BASE_MS: '50', MAIL_POLL_MS: '50' };

describe.each(databaseKinds)('the invitation mail on %s', (kind) => {
  it('mails a link of its own to an account with an address; either link works once and ends the other', async () => {
    const smtp = await SmtpSink.start();
    const { url, database, log } = await startTestApp(kind, {
      ...fastMail,
      SMTP_URL: smtp.url,
      SITE_URL: 'https://www.blitzwerk.de',
      TRUST_PROXY: '127.0.0.1',
    });
    const admin = await signIn(url);
    // The admin works on the public address (through its proxy).
    const proxied = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.blitzwerk.de' };
    const created = await api(url, 'POST', usersUrl, {
      token: admin,
      headers: proxied,
      body: { username: 'hr', role: 'inbox', email: 'hr@blitzwerk.de' },
    });
    expect(created.body.invitation.url).toMatch(/^https:\/\/www\.blitzwerk\.de\/login#invitation=/);
    expect(created.status).toBe(201);
    expect(created.body.mailed).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['hr@blitzwerk.de']);
    const mailedLink = /https:\/\/www\.blitzwerk\.de\/login#invitation=[\w-]+/.exec(mail!.mail.text ?? '')?.[0];
    expect(mailedLink).toBeDefined();
    expect(mailedLink).not.toBe(created.body.invitation.url);
    // Nothing but hashes kept, nor logged.
    const stored = JSON.stringify(await database.db.selectFrom('user_invitations').selectAll().execute());
    expect(stored).not.toContain(tokenOf(mailedLink!));
    expect(log.text()).not.toContain(tokenOf(mailedLink!));

    const used = await api(url, 'POST', invitationUrl, { body: { token: tokenOf(mailedLink!), password: newPassword } });
    expect(used.status).toBe(200);
    const shown = await api(url, 'POST', invitationUrl, {
      body: { token: tokenOf(created.body.invitation.url), password: newPassword },
    });
    expect(shown.body.code).toBe('invitation_invalid');

    // No address: nothing mailed, the link is shown only.
    const quiet = await api(url, 'POST', usersUrl, { token: admin, body: { username: 'ed', role: 'editor' } });
    expect(quiet.body.mailed).toBe(false);
    expect(smtp.received).toHaveLength(1);
  });

  it('links, shown and mailed, to the address the admin invites from while the public one still serves the old site (issue 40)', async () => {
    const smtp = await SmtpSink.start();
    // During a move: the saved public address is the old site's; the admin works on the new one.
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, SITE_URL: 'https://www.blitzwerk.de' });
    const admin = await signIn(url);
    const created = await api(url, 'POST', usersUrl, {
      token: admin,
      body: { username: 'hr', role: 'inbox', email: 'hr@blitzwerk.de' },
    });
    expect(created.status).toBe(201);
    expect(created.body.invitation.url).toMatch(new RegExp(`^${url}/login#invitation=[\\w-]{43}$`));
    const [mail] = await smtp.waitFor(1);
    const mailedLink = new RegExp(`${url}/login#invitation=[\\w-]+`).exec(mail!.mail.text ?? '')?.[0];
    expect(mailedLink).toBeDefined();
    expect(mail!.mail.text).not.toContain('www.blitzwerk.de/login');
    // The mailed link works at the address it names.
    const used = await api(url, 'POST', invitationUrl, { body: { token: tokenOf(mailedLink!), password: newPassword } });
    expect(used.status).toBe(200);
    // Sent again, the new link uses the address of that request.
    const other = await api(url, 'POST', usersUrl, { token: admin, body: { username: 'ed', role: 'editor' } });
    const resent = await api(url, 'POST', `${usersUrl}/${other.body.id}/Invitation`, {
      token: admin,
      headers: { 'x-forwarded-host': 'ignored.example' },
    });
    expect(resent.body.invitation.url.startsWith(`${url}/login#`)).toBe(true);
  });
});
