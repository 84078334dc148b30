import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/database';
import {
  api,
  databaseKinds,
  freshDatabase,
  signIn,
  startTestApp,
  tempDir,
  testConfig,
  testDatabaseUrl,
  testAdmin,
} from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { freePort } from '../../test/free-port';
import { generalMessage, pdfFile, pngFile, postContact, priceInquiry, storedFiles, until } from './contact-test-kit';

// Short delays so that retries happen within a test; the real defaults are 20 s doubling to 1 h.
const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', MAIL_RETRY_MAX_MS: '400', CONTACT_MIN_FILL_SECONDS: '0' };

async function detail(url: string, token: string, id: number) {
  return (await api(url, 'GET', `/api/v1/Inquiry/${id}`, { token })).body;
}

describe.each(databaseKinds)('mail delivery faults on %s', (kind) => {
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

/** The server as `npm start` runs it (its source, through tsx), in a child process that can be killed. */
async function startServerProcess(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const serverRoot = path.resolve(import.meta.dirname, '../../..');
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_SAMPLE: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`${url}/api/v1/login/Verfy`, {
      method: 'POST',
      body: '{"JWT":"x"}',
      headers: { 'content-type': 'application/json' },
    }).then(
      (r) => r.status === 401,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, output: () => output };
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe.each(databaseKinds)('a server killed with SIGKILL on %s', (kind) => {
  async function environment() {
    const dataDir = tempDir();
    const env: Record<string, string> = {
      ...fastMail,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ADMIN_USERNAME: testAdmin.username,
      ADMIN_PASSWORD: testAdmin.password,
      MAIL_LEASE_MS: '500',
    };
    if (kind === 'postgres') {
      const handle = await freshDatabase('postgres', dataDir);
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
      env['DATABASE_URL'] = `${testDatabaseUrl}?options=${encodeURIComponent(`-c search_path=${rows[0]!.schema}`)}`;
    }
    return { dataDir, env };
  }

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

  it('in the middle of an upload leaves no inquiry behind, and the half file is swept later', async () => {
    const { env, dataDir } = await environment();
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
    await until(() => storedFiles(dataDir).some((f) => f.endsWith('.part')) || undefined);
    await kill(first.child);
    stall();
    await upload;

    const second = await startServerProcess(env);
    try {
      const token = await signIn(second.url);
      expect((await api(second.url, 'GET', '/api/v1/Inquiry', { token })).body.count).toBe(0);
      // Only the unfinished temporary file is left; the hourly sweep removes it once it is old.
      expect(storedFiles(dataDir).every((f) => f.includes(`${path.sep}.incoming${path.sep}`))).toBe(true);
    } finally {
      await kill(second.child);
    }
  });
});

describe.runIf(testDatabaseUrl)('two senders on one PostgreSQL', () => {
  it('send each mail exactly once', async () => {
    const smtp = await SmtpSink.start();
    const dataDir = tempDir();
    const first = await freshDatabase('postgres', dataDir);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(first.db);
    const second = await openDatabase({ kind: 'postgres', url: testDatabaseUrl!, schema: rows[0]!.schema, poolSize: 4 });
    const env = { ...fastMail, SMTP_URL: smtp.url, MAIL_POLL_MS: '20', CONTACT_RATE_LIMIT: '1000' };
    const apps = [];
    for (const database of [first, second]) {
      const app = await buildApp(testConfig(dataDir, env), { database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    try {
      const urls = apps.map((app) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}`);
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
    } finally {
      for (const app of apps) await app.close();
      await second.db.destroy();
    }
  });
});
