import { describe, expect, it } from 'vitest';
import { api, backends, signIn, startTestApp, storageEnv, testDatabaseUrl, twoInstancesOnOnePostgres } from '../../test/helper';
import { listAll } from '../../storage/object-storage';
import { kill, serverProcessEnvironment, startServerProcess } from '../../test/server-process';
import { SmtpSink } from '../../test/smtp-sink';
import {
  generalMessage,
  pdfFile,
  pngFile,
  postContact,
  priceInquiry,
  storedFiles,
  until,
  uploadUnderway,
  attachmentsIn,
} from './contact.test-kit';

// Short delays so that retries happen within a test; the real defaults are 20 s doubling to 1 h.
const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '400', CONTACT_MIN_FILL_SECONDS: '0' };

async function detail(url: string, token: string, id: number) {
  return (await api(url, 'GET', `/api/v1/Inquiry/${id}`, { token })).body;
}

describe.each(backends)('mail delivery faults on $name', (kind) => {
  it('answers 201 while the mail server is down, retries, and delivers each mail once when it is back', async () => {
    const smtp = await SmtpSink.reserve();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const res = await postContact(url, priceInquiry, [await pngFile()]);
    expect(res.status).toBe(201);
    const token = await signIn(url);
    // A few failed attempts, each recorded with its error.
    const failing = await until(async () => {
      const d = await detail(url, token, res.body.id);
      return d.mails[0].history.length >= 2 ? d : undefined;
    });
    expect(failing.deliveryStatus).toBe('pending');
    expect(failing.mails[0]).toMatchObject({ status: 'pending', lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
    expect(failing.mails[0].history[0].error).toMatch(/ECONNREFUSED|connect/i);

    await smtp.listen();
    await smtp.waitFor(2);
    const delivered = await until(async () => {
      const d = await detail(url, token, res.body.id);
      return d.deliveryStatus === 'delivered' && d.mails.every((m: { status: string }) => m.status === 'sent') ? d : undefined;
    });
    expect(delivered.mails[0].history.at(-1).error).toBeNull();
    // Give a duplicate every chance to show up.
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received.filter((m) => m.mail.subject?.startsWith('Preisanfrage'))).toHaveLength(1);
    expect(smtp.received.find((m) => m.mail.subject?.startsWith('Preisanfrage'))!.mail.attachments).toHaveLength(1);
  });

  it.each([
    ['does not answer in time', (smtp: SmtpSink): void => void (smtp.hang = true), /greeting|timeout/i],
    ['answers 451 (try again later)', (smtp: SmtpSink): void => void (smtp.rejectWith = 451), /451/],
    ['answers 554 (transaction failed)', (smtp: SmtpSink): void => void (smtp.rejectWith = 554), /554/],
  ] as const)('answers 201 when the mail server %s, and delivers exactly one mail once it recovers', async (_, fault, error) => {
    const smtp = await SmtpSink.start();
    fault(smtp);
    const { url, log } = await startTestApp(kind, {
      ...fastMail,
      SMTP_URL: smtp.url,
      SMTP_TIMEOUT_MS: '300',
      CONFIRMATION_MAIL: 'false',
    });
    const res = await postContact(url, generalMessage);
    expect(res.status).toBe(201);
    // No confirmation mail: the form does not promise one.
    expect(res.body.confirmationMail).toBe(false);
    const token = await signIn(url);
    const failing = await until(async () => {
      const d = await detail(url, token, res.body.id);
      return d.mails[0].history.length >= 2 ? d : undefined;
    });
    expect(failing.deliveryStatus).toBe('pending');
    expect(failing.mails[0].lastError).toMatch(error);
    expect(smtp.received).toHaveLength(0);
    // The log says that it failed, with codes, never the error text (it may quote an address).
    const warnings = log.lines().filter((l) => l['msg'] === 'mail not sent');
    expect(warnings.length).toBeGreaterThan(0);
    expect(warnings.every((w) => !('err' in w))).toBe(true);
    expect(log.text()).not.toContain(generalMessage.email);

    smtp.hang = false;
    smtp.rejectWith = undefined;
    await smtp.waitFor(1);
    await until(async () => ((await detail(url, token, res.body.id)).deliveryStatus === 'delivered' ? true : undefined));
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.mail.subject).toContain(res.body.reference);
  });

  it('waits for the reply to the end of data longer than for a greeting: a slow but storing server gets one copy', async () => {
    const smtp = await SmtpSink.start();
    // Stores the message at once, answers "250" only after the connect/greet limit has passed.
    smtp.answerDelayMs = 1500;
    const { url } = await startTestApp(kind, {
      ...fastMail,
      SMTP_URL: smtp.url,
      SMTP_TIMEOUT_MS: '300',
      SMTP_DATA_TIMEOUT_MS: '5000',
      CONFIRMATION_MAIL: 'false',
    });
    const res = await postContact(url, generalMessage);
    expect(res.status).toBe(201);
    const token = await signIn(url);
    const sent = await until(async () => {
      const d = await detail(url, token, res.body.id);
      return d.deliveryStatus === 'delivered' ? d : undefined;
    });
    await new Promise((r) => setTimeout(r, 1000));
    expect(smtp.received).toHaveLength(1);
    expect(sent.mails[0].attempts).toBe(1);
  });

  it('marks the mail failed after the give-up time, and staff can send it again', async () => {
    const smtp = await SmtpSink.reserve();
    const { url } = await startTestApp(kind, {
      ...fastMail,
      SMTP_URL: smtp.url,
      MAIL_GIVE_UP_HOURS: '0.0001',
      CONFIRMATION_MAIL: 'false',
    });
    const res = await postContact(url, generalMessage);
    const token = await signIn(url);
    const failed = await until(async () => {
      const d = await detail(url, token, res.body.id);
      return d.deliveryStatus === 'failed' ? d : undefined;
    });
    expect(failed.mails[0]).toMatchObject({ status: 'failed', nextAttemptAt: null });
    await smtp.listen();
    await api(url, 'POST', `/api/v1/Inquiry/${res.body.id}/Resend`, { token });
    await smtp.waitFor(1);
    const delivered = await until(async () => {
      const d = await detail(url, token, res.body.id);
      return d.deliveryStatus === 'delivered' ? d : undefined;
    });
    expect(delivered.mails.map((m: { status: string }) => m.status)).toEqual(['failed', 'sent']);
  });
});

describe.each(backends)('a server killed with SIGKILL on $name', (kind) => {
  const environment = async () =>
    serverProcessEnvironment(kind.db, { ...fastMail, MAIL_LEASE_MS: '500', ...(await storageEnv(kind.storage)) });

  it('right after a 201 still has the inquiry after a restart, and its mail goes out', async () => {
    const { env } = await environment();
    const down = await SmtpSink.reserve();
    const first = await startServerProcess({ ...env, SMTP_URL: down.url });
    let created;
    try {
      const plan = pdfFile('plan.pdf', 300_000);
      created = await postContact(first.url, priceInquiry, [await pngFile(), plan]);
      expect(created.status).toBe(201);
    } finally {
      await kill(first.child);
    }

    const smtp = await SmtpSink.start();
    const second = await startServerProcess({ ...env, SMTP_URL: smtp.url });
    try {
      const token = await signIn(second.url);
      const stored = await detail(second.url, token, created.body.id);
      expect(stored).toMatchObject({ reference: created.body.reference, companyName: 'Beispiel Logistik GmbH' });
      expect(stored.attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['photo.png', 'plan.pdf']);
      const mails = await smtp.waitFor(2);
      const toCompany = mails.find(
        (m) => m.mail.subject?.includes(created.body.reference) && m.mail.subject.startsWith('Preisanfrage'),
      )!;
      expect(toCompany.mail.attachments.map((a) => a.content.length)).toEqual([stored.attachments[0].size, 300_000 + 52]);
      await until(async () =>
        (await detail(second.url, token, created.body.id)).deliveryStatus === 'delivered' ? true : undefined,
      );
    } finally {
      await kill(second.child);
    }
  });

  it('during a send still delivers every mail once after a restart, and accounts for every inquiry', async () => {
    const { env } = await environment();
    const quiet = { CONFIRMATION_MAIL: 'false', CONTACT_RATE_LIMIT: '1000' };
    const stalling = await SmtpSink.start();
    stalling.stallData = true;
    const first = await startServerProcess({ ...env, ...quiet, SMTP_URL: stalling.url });
    const submitted: { id: number; reference: string }[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const res = await postContact(first.url, { ...generalMessage, firstName: `Person${i}` });
        expect(res.status).toBe(201);
        submitted.push(res.body);
      }
      // The first mail is on the wire, unanswered, when the process dies.
      await until(() => stalling.stalled > 0 || undefined);
    } finally {
      await kill(first.child);
    }
    await stalling.stop();

    const smtp = await SmtpSink.start();
    const second = await startServerProcess({ ...env, ...quiet, SMTP_URL: smtp.url });
    try {
      const token = await signIn(second.url);
      const statuses = async () =>
        (await api(second.url, 'GET', '/api/v1/Inquiry?PageLength=100', { token })).body.data.map(
          (i: { deliveryStatus: string }) => i.deliveryStatus,
        ) as string[];
      // Submitted = delivered + pending + failed, right after the restart and at the end.
      const after = await statuses();
      expect(after).toHaveLength(submitted.length);
      expect(after.every((s) => ['delivered', 'pending', 'failed'].includes(s))).toBe(true);
      await until(async () => (await statuses()).every((s) => s === 'delivered') || undefined, 30_000);
      await new Promise((r) => setTimeout(r, 500));
      const subjects = smtp.received.map((m) => m.mail.subject ?? '');
      for (const { reference } of submitted) expect(subjects.filter((s) => s.includes(reference))).toHaveLength(1);
      expect(smtp.received).toHaveLength(submitted.length);
    } finally {
      await kill(second.child);
    }
  });

  it('in the middle of an upload leaves no inquiry behind, and the half file is swept later', async () => {
    const { env, dataDir } = await environment();
    const attachments = await attachmentsIn(dataDir, env);
    const first = await startServerProcess(env);
    // A body that sends its fields and part of a file, then stalls until the server is gone.
    const boundary = 'x-boundary';
    const head = Object.entries(generalMessage)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    let stall: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(head + fileHead));
        controller.enqueue(new Uint8Array(pdfFile('big.pdf', 1_000_000).data));
        await new Promise<void>((r) => (stall = r));
        controller.close();
      },
    });
    const upload = fetch(`${first.url}/api/v1/Contact`, {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit).catch((error: unknown) => error);
    await uploadUnderway(attachments);
    await kill(first.child);
    stall();
    await upload;

    const second = await startServerProcess(env);
    try {
      const token = await signIn(second.url);
      expect((await api(second.url, 'GET', '/api/v1/Inquiry', { token })).body.count).toBe(0);
      // No attachment is left: on disk only the unfinished temporary file, which the hourly sweep
      // removes once it is old; on S3 nothing (an unfinished upload is no object).
      expect(await listAll(attachments)).toEqual([]);
      if (kind.storage === 'disk') expect(storedFiles(dataDir).length).toBeGreaterThan(0);
    } finally {
      await kill(second.child);
    }
  });
});

describe.runIf(testDatabaseUrl)('two senders on one PostgreSQL', () => {
  it('share the outbox: each mail goes out once between them', async () => {
    const smtp = await SmtpSink.start();
    const env = { ...fastMail, SMTP_URL: smtp.url, MAIL_POLL_MS: '20', CONTACT_RATE_LIMIT: '1000' };
    const { apps, urls } = await twoInstancesOnOnePostgres(env);
    const total = 24;
    const created = await Promise.all(
      Array.from({ length: total }, (_, i) => postContact(urls[i % 2]!, { ...generalMessage, firstName: `Person${i}` })),
    );
    expect(created.every((c) => c.status === 201)).toBe(true);
    // Both senders poll and are kicked at once: they race for every row.
    await Promise.all(apps.map((app) => Promise.all([app.outbox.drain(), app.outbox.drain()])));
    await smtp.waitFor(total * 2, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.received).toHaveLength(total * 2);
    const perReference = new Map<string, number>();
    for (const m of smtp.received)
      perReference.set(`${m.to[0]} ${m.mail.subject}`, (perReference.get(`${m.to[0]} ${m.mail.subject}`) ?? 0) + 1);
    expect(perReference.size).toBe(total * 2);
    expect([...perReference.values()].every((n) => n === 1)).toBe(true);
  });
});
