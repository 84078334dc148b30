import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError } from '../config';
import { currentTotp } from '../modules/auth/second-factor';
import { api, freshDatabase, tempDir, testConfig } from '../test/helper';

const entry = path.join(import.meta.dirname, 'admin.ts');

function runAdmin(
  args: string[],
  dataDir: string,
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Runs `work` against the server on `dataDir` (an admin `admin` with 'the-first-password' is made on first start). */
async function withServer<T>(dataDir: string, work: (url: string) => Promise<T>): Promise<T> {
  const app = await buildApp(testConfig(dataDir, { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'the-first-password' }), {
    logger: false,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    return await work(`http://127.0.0.1:${port}`);
  } finally {
    await app.close();
  }
}

async function login(dataDir: string, username: string, password: string): Promise<number> {
  return withServer(
    dataDir,
    async (url) => (await api(url, 'POST', '/api/v1/login/Auth', { body: { username, password } })).status,
  );
}

describe('npm run admin -- set-password', () => {
  it('changes an existing password read from stdin', async () => {
    const dataDir = tempDir();
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(200);
    const result = await runAdmin(['set-password', 'admin'], dataDir, 'a-brand-new-password\n');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Password of admin changed/);
    expect(await login(dataDir, 'admin', 'a-brand-new-password')).toBe(200);
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(401);
  });

  it('creates a missing user', async () => {
    const dataDir = tempDir();
    const result = await runAdmin(['set-password', 'erika'], dataDir, 'erikas-long-password\n');
    expect(result.code).toBe(0);
    expect(await login(dataDir, 'erika', 'erikas-long-password')).toBe(200);
  });

  it('refuses a password under 12 characters, one that is easy to guess, and a wrong command', async () => {
    const dataDir = tempDir();
    const short = await runAdmin(['set-password', 'admin'], dataDir, 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr.trim()).toBe('Error: Password must have at least 12 characters');
    for (const [guessable, name] of [
      ['password1234', 'admin'],
      ['qwertzuiop123', 'admin'],
      ['Musterblitz2026!', 'admin'],
      ['hanau-blitzschutz', 'admin'],
      ['erika-erika-2024', 'erika'],
    ]) {
      const refused = await runAdmin(['set-password', name!], dataDir, `${guessable}\n`);
      expect(refused.code, guessable).toBe(1);
      expect(refused.stderr.trim()).toMatch(/^Error: Password is too easy to guess/);
    }
    expect(await login(dataDir, 'erika', 'erika-erika-2024')).toBe(401);
    const wrong = await runAdmin(['remove-everything'], dataDir, '');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/Usage:/);
  });
});

describe('npm run admin -- reset-second-factor', () => {
  it('turns off a lost second factor, so that the password alone signs in again', async () => {
    const dataDir = tempDir();
    const token = await withServer(dataDir, async (url) => {
      const signedIn = (
        await api(url, 'POST', '/api/v1/login/Auth', { body: { username: 'admin', password: 'the-first-password' } })
      ).body.jwtToken as string;
      const started = await api(url, 'POST', '/api/v1/login/SecondFactor/Setup', {
        token: signedIn,
        body: { password: 'the-first-password' },
      });
      const code = currentTotp(started.body.secret);
      const confirmed = await api(url, 'POST', '/api/v1/login/SecondFactor/Confirm', { token: signedIn, body: { code } });
      expect(confirmed.status).toBe(200);
      return confirmed.body.jwtToken as string;
    });
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(401);

    const result = await runAdmin(['reset-second-factor', 'admin'], dataDir, '');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Second factor of admin turned off/);
    expect(await login(dataDir, 'admin', 'the-first-password')).toBe(200);
    // Whoever held a sign-in made with the lost phone is signed out.
    expect(await withServer(dataDir, async (url) => (await api(url, 'GET', '/api/v1/Inquiry', { token })).status)).toBe(401);

    const unknown = await runAdmin(['reset-second-factor', 'nobody'], dataDir, '');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('Error: There is no user nobody');
  });
});

describe('ADMIN_USERNAME and ADMIN_PASSWORD', () => {
  it('refuse to create an admin with a password that is easy to guess, naming the variable', async () => {
    const dataDir = tempDir();
    const database = await freshDatabase('sqlite', dataDir);
    const config = testConfig(dataDir, { ADMIN_USERNAME: 'buero', ADMIN_PASSWORD: 'Musterblitz-2026' });
    const start = buildApp(config, { database, logger: false });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/^Invalid environment variable ADMIN_PASSWORD: is too easy to guess/);
    expect(await database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });
});
