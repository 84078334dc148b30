import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { freePort } from '../../test/free-port';
import { databaseKinds, tempDir } from '../../test/helper';
import { serverProcessEnvironment } from '../../test/server-process';
import { canMountTmpfs, formData, generalMessage, pdfFile, until } from './contact.test-kit';

/** Takes every free byte of the file system `dir` is on, with one file; answers its path. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler');
  const chunk = Buffer.alloc(16 * 1024, 1);
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

// Issue 27, point 14: the server's data and its log on one full disk. The process is real (its
// stdout a file on that disk, as `npm start > site.log` makes it), so that its logger writes
// where the disk is full.
describe.runIf(canMountTmpfs()).each(databaseKinds)('a full disk under the data and the log, on %s', (kind) => {
  it('a form posted without a script is answered 503 with a page, at once; the script’s post 503 with problem details', async () => {
    const { dataDir, env } = await serverProcessEnvironment(kind);
    expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dataDir]).status).toBe(0);
    const webDist = writeFakeWebBuild(
      tempDir(),
      (key, lang) =>
        `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"></div></body></html>`,
      `return { html: '<main data-page="' + page + '">' + JSON.stringify(data['contact-form'] ?? null).replace(/</g, '&lt;') + '</main>', head: '' };`,
    );
    const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        PATH: process.env['PATH'] ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_SAMPLE: 'false',
        CONTACT_MIN_FILL_SECONDS: '0',
        // No backup at start filling the small disk.
        BACKUP_HOUR: 'off',
        ...env,
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'json',
        WEB_DIST: webDist,
      },
      stdio: ['ignore', log, log],
    });
    try {
      await until(
        async () =>
          (await fetch(`${url}/healthz`).then(
            (r) => r.ok,
            () => false,
          )) || undefined,
        30_000,
      );
      const filler = fillDisk(dataDir);
      // The last page of the log file may still have room for a line or two: a few requests fill it.
      // (A server whose event loop is blocked answers none of them: each has 5 s.)
      for (let i = 0; i < 20; i++) await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });

      // On SQLite the database is on the full disk; on PostgreSQL only the attachment is.
      const files = kind === 'postgres' ? [pdfFile('plan.pdf', 200_000)] : [];
      const started = Date.now();
      const page = await fetch(`${url}/api/v1/Contact`, {
        method: 'POST',
        body: formData({ ...generalMessage, message: 'x'.repeat(5000) }, files),
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
        redirect: 'manual',
        signal: AbortSignal.timeout(20_000),
      });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(page.status).toBe(503);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('retry-after')).toBe('300');
      // The page the form was sent from (the contact page when none is named), with the notice.
      const html = await page.text();
      expect(html).toContain('<main data-page="contactus">');
      expect(html).toContain('"notice":{"kind":"failure"}');

      const json = await fetch(`${url}/api/v1/Contact`, {
        method: 'POST',
        body: formData({ ...generalMessage, message: 'y'.repeat(5000) }, files),
        signal: AbortSignal.timeout(20_000),
      });
      expect(json.status).toBe(503);
      expect(json.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(json.headers.get('retry-after')).toBe('300');
      // The process still answers (its log lines could not be written: they were dropped, not
      // waited for), and takes inquiries again once there is room.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) })).status).toBe(200);
      expect(child.exitCode).toBeNull();
      fs.rmSync(filler);
      const fits = await fetch(`${url}/api/v1/Contact`, {
        method: 'POST',
        body: formData(generalMessage),
        signal: AbortSignal.timeout(10_000),
      });
      expect(fits.status).toBe(201);
      // The log says that it lost lines, once it can write again.
      await until(
        () => fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').includes('lines were dropped') || undefined,
        5_000,
      );
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      fs.closeSync(log);
      spawnSync('umount', ['-l', dataDir]);
    }
  }, 90_000);
});
