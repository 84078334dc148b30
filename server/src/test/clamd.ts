import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

export const clamdBinary = process.env['CLAMD_BINARY'] ?? '/usr/sbin/clamd';
/** Installed here (`.ci/run` installs it in CI, where its tests must not be skipped). */
export const clamdInstalled = fs.existsSync(clamdBinary);
export const requireClamd = process.env['CI'] === 'true';
// Used by the API tests and by the browser tests of the contact form (e2e/public/contact-form.e2e.ts).

export type RunningClamd = { url: string; stop: () => Promise<void> };

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let reply = '';
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('connect', () => socket.write('zPING\0'));
    socket.on('data', (chunk) => (reply += chunk.toString()));
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(reply.startsWith('PONG')));
  });
}

/**
 * The real ClamAV daemon on a free port, with a signature database of its own: the files given
 * are known as `<name>` (an MD5 signature each, as ClamAV's .hdb files hold), the way the EICAR
 * test file is known to every scanner. ClamAV's own signatures would need the internet.
 */
export async function startClamd(signatures: { name: string; data: Buffer }[]): Promise<RunningClamd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-clamd-'));
  const db = path.join(dir, 'db');
  fs.mkdirSync(db);
  const lines = signatures.map(
    ({ name, data }) => `${crypto.createHash('md5').update(data).digest('hex')}:${data.length}:${name}`,
  );
  fs.writeFileSync(path.join(db, 'blitz-test.hdb'), `${lines.join('\n')}\n`);
  const port = await freePort();
  const config = path.join(dir, 'clamd.conf');
  fs.writeFileSync(
    config,
    [
      'Foreground yes',
      `DatabaseDirectory ${db}`,
      'TCPAddr 127.0.0.1',
      `TCPSocket ${port}`,
      `LogFile ${path.join(dir, 'clamd.log')}`,
      'StreamMaxLength 30M',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(clamdBinary, [`--config-file=${config}`], { stdio: 'ignore' });
  const deadline = Date.now() + 30_000;
  while (!(await ping(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = fs.existsSync(path.join(dir, 'clamd.log')) ? fs.readFileSync(path.join(dir, 'clamd.log'), 'utf8') : '';
      throw new Error(`clamd did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `tcp://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
