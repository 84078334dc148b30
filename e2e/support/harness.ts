import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const admin = { username: 'admin', password: 'e2e-admin-password-123' };

export type RunningServer = {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the built server (server/dist) with a temporary data directory; `npm test` builds it first. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const entry = path.join(root, 'server/dist/server.js');
  if (!fs.existsSync(entry)) throw new Error('server/dist/server.js is missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = env['DATA_DIR'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env['PATH'] ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // The other browser tests sign in with the password alone; admin/second-factor.e2e.ts covers `required`.
      SECOND_FACTOR: 'optional',
      // No nightly backup at start (admin/backups.e2e.ts takes one by the button).
      BACKUP_HOUR: 'off',
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
    try {
      const res = await fetch(`${url}/`, { redirect: 'manual' });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not answer within 30 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (!env['DATA_DIR']) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, process: child, output: () => output, stop };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

/**
 * A browser and a server for one test file, both closed after it. Started again (a fresh site for
 * a test of its own), it closes the ones before first: each start had left a server running.
 */
export function useSite(env: Record<string, string> = {}) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    try {
      await browser?.close();
    } finally {
      await server?.stop();
      browser = undefined;
      server = undefined;
    }
  };
  afterAll(close);
  return {
    async start() {
      await close();
      [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
      return server;
    },
    get url() {
      return server!.url;
    },
    get server() {
      return server!;
    },
    /** A fresh page in a fresh context (own storage), with console errors and outside requests recorded. */
    async page(
      options: {
        viewport?: { width: number; height: number };
        locale?: string;
        javaScriptEnabled?: boolean;
        /** What another page's browser kept (cookies, local storage): the same person on another visit. */
        storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
      } = {},
    ) {
      const context = await browser!.newContext({
        viewport: options.viewport ?? viewports.desktop,
        locale: options.locale ?? 'de-DE',
        javaScriptEnabled: options.javaScriptEnabled ?? true,
        ...(options.storageState ? { storageState: options.storageState } : {}),
      });
      const page = await context.newPage();
      const errors: string[] = [];
      const outside: string[] = [];
      // This page's site: a request the page still makes while the site closes is told apart by it.
      const own = server!.url;
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('request', (r) => {
        if (!r.url().startsWith(own) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url());
      });
      return Object.assign(page, { errors, outside }) as Page & { errors: string[]; outside: string[] };
    },
  };
}
