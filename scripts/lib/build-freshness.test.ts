import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain script without type declarations
import { newestSource, staleReason } from './build-freshness.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A checkout with the given files, each modified `age` seconds ago. */
function checkout(files: Record<string, number>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-freshness-'));
  roots.push(root);
  for (const [file, age] of Object.entries(files)) touch(root, file, age);
  return root;
}

function touch(root: string, file: string, age: number): void {
  const full = path.join(root, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  if (!fs.existsSync(full)) fs.writeFileSync(full, '');
  const at = new Date(Date.now() - age * 1000);
  fs.utimesSync(full, at, at);
}

const built = {
  'web/dist/client/pages/manifest.json': 100,
  'server/dist/server.js': 100,
  'server/dist/admin.js': 100,
};
const sources = {
  'web/src/main.tsx': 500,
  'web/index.html': 500,
  'server/src/server.ts': 500,
  'contract/src/index.ts': 500,
  'package-lock.json': 500,
};

describe('build freshness', () => {
  it('builds a part that is missing, or whose stamp is only half there', () => {
    const root = checkout(sources);
    expect(staleReason(root, 'web')).toBe('not built yet');
    expect(staleReason(root, 'server')).toBe('not built yet');
    touch(root, 'server/dist/server.js', 100);
    expect(staleReason(root, 'server')).toBe('not built yet');
  });

  it('keeps a build newer than every source', () => {
    const root = checkout({ ...sources, ...built });
    expect(staleReason(root, 'web')).toBeNull();
    expect(staleReason(root, 'server')).toBeNull();
  });

  it('rebuilds only the part whose sources changed, naming the file', () => {
    const root = checkout({ ...sources, ...built, 'web/src/app/router.tsx': 10 });
    expect(staleReason(root, 'web')).toBe(`${path.join('web', 'src', 'app', 'router.tsx')} is newer than the build`);
    expect(staleReason(root, 'server')).toBeNull();

    const pulled = checkout({ ...sources, ...built, 'server/src/db/migrations/2026-12-01_x.ts': 10 });
    expect(staleReason(pulled, 'web')).toBeNull();
    expect(staleReason(pulled, 'server')).toMatch(/2026-12-01_x\.ts is newer than the build$/);
  });

  it('rebuilds both parts when the contract or the locked dependencies changed', () => {
    for (const changed of ['contract/src/paths.ts', 'package-lock.json']) {
      const root = checkout({ ...sources, ...built, [changed]: 10 });
      expect(staleReason(root, 'web'), changed).toBe(`${changed} is newer than the build`);
      expect(staleReason(root, 'server'), changed).toBe(`${changed} is newer than the build`);
    }
  });

  it('counts a server rebuilt after the web app against its own stamp', () => {
    const root = checkout({ ...sources, ...built, 'server/dist/server.js': 5, 'server/src/app.ts': 10 });
    // admin.js is the older stamp: a build that stopped half-way is not taken as done.
    expect(staleReason(root, 'server')).toMatch(/app\.ts is newer than the build$/);
  });

  it('skips tests, node_modules and dot folders', () => {
    const root = checkout({
      ...sources,
      ...built,
      'server/src/db/migrate.test.ts': 10,
      'web/src/node_modules/x/index.js': 10,
      'web/src/.cache/x': 10,
      'server/src/app.ts': 300,
    });
    expect(staleReason(root, 'web')).toBeNull();
    expect(staleReason(root, 'server')).toBeNull();
    expect(newestSource(root, ['server/src', 'web/src']).file).toBe(path.join('server', 'src', 'app.ts'));
  });
});
