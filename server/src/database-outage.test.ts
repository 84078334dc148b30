import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { sweepAttachments } from './modules/contact/attachment-store';
import { referencedKeys } from './modules/contact/inquiries.repository';
import { pdfFile, postContact, priceInquiry, storedFiles, until } from './modules/contact/contact.test-kit';
import { api, tempDir, testConfig, testDatabaseUrl } from './test/helper';
import { SmtpSink } from './test/smtp-sink';
import { relayedPostgres } from './test/tcp-proxy';

// PostgreSQL "stopped" mid-run: the app reaches it through a TCP relay that the test cuts (every
// connection reset, new ones refused) and restores. To the app that is a stopped and restarted
// server; the real one keeps serving the other tests.
describe.runIf(testDatabaseUrl)('PostgreSQL going away mid-run', () => {
  it('answers 503 with Retry-After, keeps every acknowledged inquiry whole, and recovers by itself', async () => {
    const dataDir = tempDir();
    const { direct, relayed: database, proxy } = await relayedPostgres(dataDir);
    const smtp = await SmtpSink.start();
    const config = testConfig(dataDir, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      MAIL_RETRY_BASE_MS: '100',
      MAIL_RETRY_MAX_MS: '400',
      CONTACT_MIN_FILL_SECONDS: '0',
      CONTACT_RATE_LIMIT: '1000',
      CONFIRMATION_MAIL: 'false',
      // A mail claimed just before the cut is taken up again soon after.
      MAIL_LEASE_MS: '1000',
    });
    const app = await buildApp(config, { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const answers: { status: number; id?: number }[] = [];
    let n = 0;
    const send = async () => {
      const res = await postContact(url, { ...priceInquiry, firstName: `Person${n++}` }, [pdfFile('plan.pdf', 40_000)]);
      answers.push({ status: res.status, id: res.body?.id });
      return res;
    };
    try {
      expect((await send()).status).toBe(201);

      // The database goes away while inquiries are arriving.
      const inFlight = Array.from({ length: 6 }, () => send());
      await new Promise((r) => setTimeout(r, 15));
      await proxy.cut();
      await Promise.all(inFlight);
      const down = await send();
      expect(down.status).toBe(503);
      expect(down.headers.get('retry-after')).toBe('5');
      expect(down.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(down.body.code).toBe('service_unavailable');
      const list = await api(url, 'GET', '/api/v1/Project');
      expect(list.status).toBe(503);
      expect(list.headers.get('retry-after')).toBe('5');
      expect(answers.every((a) => a.status === 201 || a.status === 503)).toBe(true);

      // It comes back: the app serves again without a restart, and takes inquiries again.
      await proxy.restore();
      await until(async () => (await api(url, 'GET', '/api/v1/Project')).status === 200 || undefined, 20_000);
      expect((await send()).status).toBe(201);

      // Every 201 is stored whole: its row, its attachment row and file, its mail. A 503 whose
      // commit had already happened may be stored too (the answer was lost, not the inquiry).
      const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
      const inquiries = await direct.db.selectFrom('inquiries').select('id').execute();
      const storedIds = inquiries.map((r) => r.id);
      expect(storedIds).toEqual(expect.arrayContaining(acknowledged));
      expect(storedIds.length).toBeLessThanOrEqual(answers.length);
      const attachments = await direct.db.selectFrom('inquiry_attachments').select(['inquiry_id', 'storage_key']).execute();
      expect(attachments.map((a) => a.inquiry_id).sort()).toEqual([...storedIds].sort());
      const onDisk = storedFiles(dataDir).map((f) => path.basename(f));
      for (const a of attachments) expect(onDisk).toContain(a.storage_key);
      const mails = await direct.db
        .selectFrom('mail_outbox')
        // Every mail, named by its inquiry: one without would be a null here.
        .leftJoin('inquiry_mails', 'inquiry_mails.outbox_id', 'mail_outbox.id')
        .select('inquiry_mails.inquiry_id')
        .execute();
      expect(mails.map((m) => m.inquiry_id).sort()).toEqual([...storedIds].sort());
      // Each stored inquiry's mail goes out (at least once: one sent just as the database went
      // away may be sent again, since its delivery could not be recorded).
      await until(async () => {
        const subjects = smtp.received.map((m) => m.mail.subject ?? '');
        const references = await direct.db.selectFrom('inquiries').select('reference').execute();
        return references.every((r) => subjects.some((s) => s.includes(r.reference))) || undefined;
      }, 20_000);

      // Files of inquiries that were not stored: none left once the sweep has run.
      await sweepAttachments(app.attachments, (keys) => referencedKeys(app.db, keys), 0);
      expect(
        storedFiles(dataDir)
          .map((f) => path.basename(f))
          .sort(),
      ).toEqual(attachments.map((a) => a.storage_key).sort());
    } finally {
      await app.close();
    }
  });

  it('records a send that succeeded while the database was away as soon as it is back, and never sends it again', async () => {
    const dataDir = tempDir();
    const { direct, relayed: database, proxy } = await relayedPostgres(dataDir);
    const smtp = await SmtpSink.start();
    // The mail server takes the mail, and while it answers the database goes away: the send
    // succeeded, and its record cannot be written.
    smtp.answerDelayMs = 300;
    const config = testConfig(dataDir, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      CONTACT_MIN_FILL_SECONDS: '0',
      CONFIRMATION_MAIL: 'false',
      // Long: a resend after the lease ran out would come far too late to pass this test.
      MAIL_LEASE_MS: '600000',
    });
    const app = await buildApp(config, { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    try {
      const first = await postContact(url, { ...priceInquiry, firstName: 'Erste' });
      expect(first.status).toBe(201);
      await until(() => smtp.received.length === 1 || undefined);
      await proxy.cut();
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.received).toHaveLength(1);
      await proxy.restore();

      const sentAt = async (reference: string) =>
        (
          await direct.db
            .selectFrom('mail_outbox')
            .innerJoin('inquiry_mails', 'inquiry_mails.outbox_id', 'mail_outbox.id')
            .innerJoin('inquiries', 'inquiries.id', 'inquiry_mails.inquiry_id')
            .select(['mail_outbox.status', 'mail_outbox.sent_at'])
            .where('inquiries.reference', '=', reference)
            .executeTakeFirst()
        )?.status === 'sent' || undefined;
      await until(() => sentAt(first.body.reference), 20_000);
      // The next inquiry does not wait for any lease to run out.
      smtp.answerDelayMs = 0;
      const second = await postContact(url, { ...priceInquiry, firstName: 'Zweite' });
      expect(second.status).toBe(201);
      await until(() => sentAt(second.body.reference), 20_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.received.map((m) => m.mail.subject)).toEqual([
        expect.stringContaining(first.body.reference),
        expect.stringContaining(second.body.reference),
      ]);
      expect(smtp.received[0]!.mail.messageId).toMatch(/^<outbox-\d+\.inquiry@/);
    } finally {
      await app.close();
    }
  });
});
