// Whether a built part (web app, server) is missing or older than its sources, e.g. after a
// `git pull`: git gives every file it changes the current time, so a changed source is newer
// than the build's stamp. Used by npm start and npm run admin.
import fs from 'node:fs';
import path from 'node:path';

const shared = ['contract/src', 'contract/package.json', 'package-lock.json', 'tsconfig.base.json'];

/** Per part: the files its build writes last (the stamp: the oldest of them), and what it is built from. */
export const buildParts = {
  web: {
    label: 'the web app',
    stamps: ['web/dist/client/pages/manifest.json'],
    sources: [
      'web/src',
      'web/public',
      'web/scripts',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'web/tsconfig.json',
      ...shared,
    ],
  },
  server: {
    label: 'the server',
    stamps: ['server/dist/server.js', 'server/dist/admin.js'],
    sources: ['server/src', 'server/build.mjs', 'server/package.json', 'server/tsconfig.json', ...shared],
  },
};

// Tests are not part of a build; node_modules changes only with package-lock.json.
const skipped = (name) =>
  name === 'node_modules' || name === 'dist' || name.startsWith('.') || /\.test\.[cm]?[jt]sx?$/.test(name);

/** The most recently modified file under `entries` (files or folders, relative to root), or null if none exists. */
export function newestSource(root, entries) {
  let newest = null;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(file)) if (!skipped(name)) visit(path.join(file, name));
    } else if (!newest || stat.mtimeMs > newest.mtimeMs) {
      newest = { file: path.relative(root, file), mtimeMs: stat.mtimeMs };
    }
  };
  for (const entry of entries) visit(path.join(root, entry));
  return newest;
}

/** When the part was last built (its oldest stamp file), or null if any is missing. */
export function builtAt(root, stamps) {
  let oldest = Infinity;
  for (const stamp of stamps) {
    try {
      oldest = Math.min(oldest, fs.statSync(path.join(root, stamp)).mtimeMs);
    } catch {
      return null;
    }
  }
  return oldest;
}

/** Why `part` must be built, in a few words, or null if its build is newer than every source. */
export function staleReason(root, part) {
  const { stamps, sources } = buildParts[part];
  const built = builtAt(root, stamps);
  if (built === null) return 'not built yet';
  const newest = newestSource(root, sources);
  if (newest && newest.mtimeMs > built) return `${newest.file} is newer than the build`;
  return null;
}
