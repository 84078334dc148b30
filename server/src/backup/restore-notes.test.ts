import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { signedInAs } from '../modules/accounts/accounts.test-kit';
import { postContact, priceInquiry } from '../modules/contact/contact.test-kit';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../test/helper';
import { SmtpSink } from '../test/smtp-sink';
import { createBackup } from './backup';
import { emptySite, siteOfTestApp, startAppOn } from './backup.test-kit';
import { restoreBackup } from './restore';

const mailEnv = (smtp: SmtpSink) => ({
  SMTP_URL: smtp.url,
  MAIL_POLL_MS: '50',
  MAIL_RETRY_BASE_MS: '100',
  CONTACT_MIN_FILL_SECONDS: '0',
  CONFIRMATION_MAIL: 'true',
});

// A help desk sent internal notes to customers after its database was restored (freescout#5138).
// Here a note lives in a table no mail reads; this checks it stays so on a restored site, whose
// ids and counters come from the archive.
describe.each(databaseKinds)('internal notes after a backup is restored, on %s', (kind) => {
  it('are restored with their inquiry and are in no mail the restored site sends: resend, reply, assignment, a new inquiry', async () => {
    const before = await SmtpSink.start();
    const source = await startTestApp(kind, mailEnv(before));
    const inquiry = (await postContact(source.url, priceInquiry)).body;
    const admin = await signIn(source.url);
    const colleague = await signedInAs(source.url, admin, 'projektleitung', 'inbox', { email: 'pl@firma.example' });
    await before.waitFor(2);
    const secret = 'Intern: 12 % unter Liste anbieten, dem Kunden nicht sagen';
    const noted = await api(source.url, 'POST', apiUrl(apiRoutes.inbox.notePath(inquiry.id)), {
      token: admin,
      body: { text: secret },
    });
    expect(noted.status, noted.text).toBe(201);
    const file = path.join(tempDir(), 'site.tar.gz');
    await createBackup(await siteOfTestApp(source), file);

    const after = await SmtpSink.start();
    const target = await emptySite(kind);
    await restoreBackup(target, file);
    const { url } = await startAppOn(target, mailEnv(after));
    const token = await signIn(url);
    const detail = (await api(url, 'GET', apiUrl(apiRoutes.inbox.onePath(inquiry.id)), { token })).body;
    expect(detail.history.filter((e: { kind: string }) => e.kind === 'note').map((e: { text: string }) => e.text)).toEqual([
      secret,
    ]);

    expect((await api(url, 'POST', apiUrl(apiRoutes.inbox.resendPath(inquiry.id)), { token })).status).toBe(200);
    const reply = await api(url, 'POST', apiUrl(apiRoutes.inbox.replyPath(inquiry.id)), {
      token,
      body: { subject: `Ihr Angebot ${inquiry.reference}`, body: 'Guten Tag,\n\nanbei unser Angebot.' },
    });
    expect(reply.status, reply.text).toBe(201);
    const assigned = await api(url, 'PUT', apiUrl(apiRoutes.inbox.onePath(inquiry.id)), {
      token,
      body: { assigneeId: colleague.id },
    });
    expect(assigned.status, assigned.text).toBe(200);
    // A new inquiry takes the next id after the restored ones, and its own mails go out too.
    const next = (await postContact(url, { ...priceInquiry, message: 'Eine neue Anfrage nach der Wiederherstellung' })).body;
    expect(next.id).toBeGreaterThan(inquiry.id);
    // The company's mail again, the reply, the assignment, and the new inquiry's two.
    const received = await after.waitFor(5);
    expect(received.map((r) => r.to.join()).sort()).toEqual(
      ['erika@example.org', 'erika@example.org', 'info@example.com', 'info@example.com', 'pl@firma.example'].sort(),
    );
    for (const { mail } of after.received) {
      expect(`${mail.subject} ${mail.text} ${mail.html || ''}`).not.toContain('unter Liste');
    }
  }, 60_000); // two sites, a backup and a restore
});
