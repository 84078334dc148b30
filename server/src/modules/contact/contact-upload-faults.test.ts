import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  api,
  backends,
  databaseKinds,
  freshDatabase,
  signIn,
  startTestApp,
  tempDir,
  storageEnv,
  testConfig,
  testS3,
} from '../../test/helper';
import { kill, serverProcessEnvironment, startServerProcess } from '../../test/server-process';
import {
  attachmentsIn,
  canMountTmpfs,
  generalMessage,
  pdfFile,
  postContact,
  storedFiles,
  storedObjects,
  until,
  uploadUnderway,
} from './contact.test-kit';
import { listAll } from '../../storage/object-storage';

// Uploads cut off half-way (by a shutdown, by the client, by a full disk): an inquiry is either
// stored whole or not at all, and no temporary file outlives the request.

const boundary = 'x-fault-boundary';

/**
 * A contact POST that sends its fields and the first half of a file, then waits: `finish()`
 * sends the rest, `abort()` drops the connection like a closed browser tab.
 */
function stalledUpload(base: string, fileBytes: number) {
  const encoder = new TextEncoder();
  const fields = Object.entries(generalMessage)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="plan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const file = pdfFile('plan.pdf', fileBytes).data;
  const half = Math.floor(file.length / 2);
  let decide: (how: 'finish' | 'abort') => void = () => {};
  const decision = new Promise<'finish' | 'abort'>((resolve) => (decide = resolve));
  const controller = new AbortController();
  const body = new ReadableStream<Uint8Array>({
    async start(stream) {
      stream.enqueue(encoder.encode(fields + fileHead));
      stream.enqueue(new Uint8Array(file.subarray(0, half)));
      if ((await decision) === 'abort') return controller.abort();
      stream.enqueue(new Uint8Array(file.subarray(half)));
      stream.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
      stream.close();
    },
  });
  const response = fetch(`${base}/api/v1/Contact`, {
    method: 'POST',
    body,
    duplex: 'half',
    signal: controller.signal,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  } as RequestInit).then(
    async (res) => ({ status: res.status, body: (await res.json().catch(() => undefined)) as any }),
    () => ({ status: 0, body: undefined }),
  );
  return { response, size: file.length, finish: () => decide('finish'), abort: () => decide('abort') };
}

const temporary = (dataDir: string) => storedFiles(dataDir).filter((f) => f.includes(`${path.sep}.incoming${path.sep}`));
const exited = (child: { once: (e: 'exit', f: (code: number | null) => void) => void }) =>
  new Promise<number | null>((resolve) => child.once('exit', resolve));

// Each test starts two server processes one after the other: slow on a busy machine.
describe.each(backends)('SIGTERM during an upload on $name', { timeout: 90_000 }, (kind) => {
  const environment = async (grace: string) =>
    serverProcessEnvironment(kind.db, { SHUTDOWN_GRACE_MS: grace, ...(await storageEnv(kind.storage)) });

  it('lets an upload that finishes within the grace period be stored whole', async () => {
    const { dataDir, env } = await environment('8000');
    const attachments = await attachmentsIn(dataDir, env);
    const first = await startServerProcess(env);
    const upload = stalledUpload(first.url, 600_000);
    await uploadUnderway(attachments);
    const exit = exited(first.child);
    first.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    upload.finish();
    expect((await upload.response).status).toBe(201);
    expect(await exit).toBe(0);

    const second = await startServerProcess(env);
    try {
      const token = await signIn(second.url);
      const list = await api(second.url, 'GET', '/api/v1/Inquiry', { token });
      expect(list.body.count).toBe(1);
      const detail = await api(second.url, 'GET', `/api/v1/Inquiry/${list.body.data[0].id}`, { token });
      expect(detail.body.attachments.map((a: { size: number }) => a.size)).toEqual([upload.size]);
      expect(temporary(dataDir)).toEqual([]);
      expect(await listAll(attachments)).toHaveLength(1);
    } finally {
      await kill(second.child);
    }
  });

  it('cuts off an upload that outlasts the grace period: nothing stored, no file left', async () => {
    const { dataDir, env } = await environment('300');
    const attachments = await attachmentsIn(dataDir, env);
    const first = await startServerProcess(env);
    const upload = stalledUpload(first.url, 600_000);
    await uploadUnderway(attachments);
    const exit = exited(first.child);
    first.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect((await upload.response).status).toBe(0);
    upload.finish();
    expect(temporary(dataDir)).toEqual([]);
    expect(await listAll(attachments)).toEqual([]);

    const second = await startServerProcess(env);
    try {
      const token = await signIn(second.url);
      expect((await api(second.url, 'GET', '/api/v1/Inquiry', { token })).body.count).toBe(0);
    } finally {
      await kill(second.child);
    }
  });
});

describe.each(backends)('an upload the client abandons on $name', (kind) => {
  it('stores nothing, removes the temporary file, and the next inquiry goes through', async () => {
    const { url, app } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    const upload = stalledUpload(url, 600_000);
    await uploadUnderway(app.attachments);
    upload.abort();
    expect((await upload.response).status).toBe(0);
    await until(async () => (await storedObjects(app)).length === 0 || undefined);
    expect(await app.db.selectFrom('inquiries').select('id').execute()).toEqual([]);
    expect((await postContact(url, generalMessage, [pdfFile()])).status).toBe(201);
  });
});

describe.each(backends)('an upload the client stalls on $name', (kind) => {
  it('is cut off once nothing has moved for IDLE_TIMEOUT_MS: nothing stored, no file left, the next inquiry goes through', async () => {
    const { url, app } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0', IDLE_TIMEOUT_MS: '1000' });
    const upload = stalledUpload(url, 600_000);
    await uploadUnderway(app.attachments);
    // The client neither sends the rest nor gives up: the server must not wait for it for good.
    expect((await upload.response).status).toBe(0);
    await until(async () => (await storedObjects(app)).length === 0 || undefined);
    expect(await app.db.selectFrom('inquiries').select('id').execute()).toEqual([]);
    expect((await postContact(url, generalMessage, [pdfFile()])).status).toBe(201);
  });
});

describe.runIf(canMountTmpfs()).each(databaseKinds)('a full disk on %s', (kind) => {
  it('answers 503 with Retry-After, stores nothing, leaves no file, and takes inquiries again once there is room', async () => {
    const dataDir = tempDir();
    const inquiries = path.join(dataDir, 'inquiries');
    fs.mkdirSync(inquiries);
    // 2 MB for attachments; the database lives outside it.
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', inquiries]).status).toBe(0);
    try {
      const database = await freshDatabase(kind, dataDir);
      const app = await buildApp(testConfig(dataDir, { CONTACT_MIN_FILL_SECONDS: '0' }), { database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
        const full = await postContact(url, generalMessage, [pdfFile('plan.pdf', 4_000_000)]);
        expect(full.status).toBe(503);
        expect(full.headers.get('retry-after')).toBe('300');
        expect(full.body.code).toBe('service_unavailable');
        expect(storedFiles(dataDir)).toEqual([]);
        expect(await app.db.selectFrom('inquiries').select('id').execute()).toEqual([]);

        const fits = await postContact(url, generalMessage, [pdfFile('plan.pdf', 500_000)]);
        expect(fits.status).toBe(201);
        expect(storedFiles(dataDir)).toHaveLength(1);
      } finally {
        await app.close();
      }
    } finally {
      spawnSync('umount', ['-l', inquiries]);
    }
  });
});

describe.runIf(canMountTmpfs())('a full disk under the SQLite database', () => {
  it('answers a text-only inquiry with 503 and Retry-After (not a 500), keeps nothing, and takes it once there is room', async () => {
    const dataDir = tempDir();
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dataDir]).status).toBe(0);
    try {
      const database = await freshDatabase('sqlite', dataDir);
      const app = await buildApp(testConfig(dataDir, { CONTACT_MIN_FILL_SECONDS: '0' }), { database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
        // Everything left on the disk taken by another file: SQLite's next write finds no room.
        const filler = path.join(dataDir, 'filler');
        const chunk = Buffer.alloc(64 * 1024, 1);
        const fd = fs.openSync(filler, 'w');
        try {
          for (;;) fs.writeSync(fd, chunk);
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
        } finally {
          fs.closeSync(fd);
        }
        const full = await postContact(url, { ...generalMessage, message: 'x'.repeat(5000) });
        expect(full.status).toBe(503);
        expect(full.headers.get('retry-after')).toBe('300');
        expect(full.body.code).toBe('service_unavailable');

        fs.rmSync(filler);
        const fits = await postContact(url, generalMessage);
        expect(fits.status).toBe(201);
        const stored = await app.db.selectFrom('inquiries').select('id').execute();
        expect(stored.map((row) => row.id)).toEqual([fits.body.id]);
      } finally {
        await app.close();
      }
    } finally {
      spawnSync('umount', ['-l', dataDir]);
    }
  });
});

describe.each(databaseKinds)('object storage that cannot be reached, on %s', (kind) => {
  it('refuses an inquiry with files with 503 and Retry-After, stores nothing, and takes it once S3 is back', async () => {
    const s3 = await testS3();
    const { url, app } = await startTestApp(kind, { ...s3.env, CONTACT_MIN_FILL_SECONDS: '0' });
    await s3.stop();
    const refused = await postContact(url, generalMessage, [pdfFile()]);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(refused.body).toMatchObject({ code: 'service_unavailable' });
    expect(await app.db.selectFrom('inquiries').select('id').execute()).toEqual([]);

    await s3.start();
    const taken = await postContact(url, generalMessage, [pdfFile()]);
    expect(taken.status).toBe(201);
    expect(await storedObjects(app)).toHaveLength(1);

    // A download while S3 is away is a 503 too, not a broken file or a 500.
    const token = await signIn(url);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${taken.body.id}`, { token });
    await s3.stop();
    const download = await api(url, 'GET', `/api/v1/Inquiry/${taken.body.id}/Attachment/${detail.body.attachments[0].id}`, {
      token,
    });
    expect(download.status).toBe(503);
    expect(download.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
