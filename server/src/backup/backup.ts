import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import tarStream from 'tar-stream';
import serverPackage from '../../package.json';
import { type DatabaseOptions, openDatabase } from '../db/database';
import {
  type Manifest,
  type ManifestEntry,
  archiveFormat,
  archiveFormatVersion,
  encodeRow,
  fileEntryName,
  manifestName,
  rowLine,
  tableEntryName,
} from './archive-format';
import { type ArchiveCheck, checkArchive } from './archive-reader';
import { appliedMigrations, kindOf, listTables, sequencePositions, tableRows } from './backup.repository';
import { type FileRef, filesOfRow, namesFiles, storageOf } from './files-of-rows';
import { fsyncPath } from '../lib/fsync';
import type { S3Settings } from '../config';
import { type SiteStorage, createSiteStorage } from '../storage/site-storage';

/**
 * Where a site keeps its data: the database, DATA_DIR, and pictures and attachments under DATA_DIR
 * or, with `objectStorage` (S3_*), in a bucket.
 */
export type Site = { dataDir: string; database: DatabaseOptions; objectStorage?: S3Settings | undefined };

export class BackupError extends Error {}

/** A file named by a row of the snapshot was not in storage: deleted after the snapshot began, or lost. */
class FileVanishedError extends Error {
  constructor(
    readonly table: string,
    readonly ref: FileRef,
  ) {
    super(`a row of ${table} names the ${ref.store} file ${ref.key}, which is not in storage`);
  }
}

export type BackupOptions = {
  /** How many snapshots to try when files vanish under one (deleted while the backup ran). */
  maxAttempts?: number;
  /** Tests: runs once the snapshot is fixed, before any file is taken. */
  afterSnapshot?: () => Promise<void>;
  /** Tests: runs on the archive written under its temporary name, before it is read back and checked. */
  beforeCheck?: (partial: string) => Promise<void>;
};

export type BackupSummary = {
  file: string;
  bytes: number;
  attempts: number;
  tables: { name: string; rows: number }[];
  files: Record<'media' | 'attachments', number>;
  /** What reading the finished archive back found (as restore reads it): every row, size and SHA-256 matched. */
  checked: ArchiveCheck;
};

type Snapshot = Pick<Manifest, 'migrations' | 'sequences'> & {
  tables: (ManifestEntry & Manifest['tables'][number])[];
  files: { path: string; staged: string }[];
};

const sha256 = () => crypto.createHash('sha256');

/**
 * Takes the object named by a row into the staging folder: on disk as a hard link (no space, and
 * a deletion of the original cannot take the bytes away), else copied, from S3 or where a link is
 * impossible (another file system). Once opened, a deletion cannot take the bytes away either (an
 * open file; S3 serves a GET begun before a DELETE whole).
 */
async function stageFile(storage: SiteStorage, staging: string, table: string, ref: FileRef): Promise<string> {
  const staged = path.join(staging, fileEntryName(ref.store, ref.key));
  await fsp.mkdir(path.dirname(staged), { recursive: true });
  const objects = storageOf(storage, ref.store);
  if (objects.linkTo) {
    try {
      if (await objects.linkTo(ref.key, staged)) return staged;
      throw new FileVanishedError(table, ref);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (error instanceof FileVanishedError || (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK')) throw error;
    }
  }
  const object = await objects.open(ref.key);
  if (!object) throw new FileVanishedError(table, ref);
  await pipeline(object.stream, fs.createWriteStream(staged, { flags: 'wx', mode: 0o600 }));
  return staged;
}

/**
 * Reads every table in one snapshot into JSON-lines files in the staging folder, and links in
 * every file its rows name. PostgreSQL: a REPEATABLE READ READ ONLY transaction. SQLite (WAL):
 * the read transaction of this connection sees the database as of its first read, while the
 * site goes on writing through its own connection.
 */
async function takeSnapshot(db: Kysely<any>, storage: SiteStorage, staging: string, options: BackupOptions): Promise<Snapshot> {
  const transaction =
    kindOf(db) === 'postgres'
      ? db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
      : db.transaction();
  return transaction.execute(async (trx) => {
    const migrations = await appliedMigrations(trx);
    if (migrations.length === 0) throw new BackupError('The database has never been migrated: there is nothing to back up');
    await options.afterSnapshot?.();
    const tables = await listTables(trx);
    await fsp.mkdir(path.join(staging, 'db'));
    const snapshot: Snapshot = { migrations, sequences: await sequencePositions(trx, tables), tables: [], files: [] };
    const taken = new Set<string>();
    // Tables that name files first: the sooner a file is linked, the narrower the window in which
    // its deletion makes the snapshot start over. The archive keeps the foreign-key order.
    const referencing = (t: { name: string }) => (namesFiles(t.name) ? 0 : 1);
    for (const table of [...tables].sort((a, b) => referencing(a) - referencing(b))) {
      const entry = tableEntryName(table.name);
      const out = fs.createWriteStream(path.join(staging, entry), { flags: 'wx', mode: 0o600 });
      const closed = once(out, 'close');
      const hash = sha256();
      const types = new Map(table.columns.map((c) => [c.name, c.type]));
      let rows = 0;
      let bytes = 0;
      try {
        for await (const row of tableRows(trx, table.name)) {
          const line = Buffer.from(rowLine(encodeRow(row, types)));
          hash.update(line);
          bytes += line.length;
          rows++;
          if (!out.write(line)) await once(out, 'drain');
          for (const ref of filesOfRow(table.name, row)) {
            const name = fileEntryName(ref.store, ref.key);
            if (taken.has(name)) continue;
            taken.add(name);
            snapshot.files.push({ path: name, staged: await stageFile(storage, staging, table.name, ref) });
          }
        }
      } finally {
        out.end();
        await closed;
      }
      snapshot.tables.push({
        name: table.name,
        path: entry,
        rows,
        bytes,
        sha256: hash.digest('hex'),
        columns: table.columns.map((c) => ({ name: c.name, type: c.type })),
      });
    }
    snapshot.tables.sort((a, b) => tables.findIndex((t) => t.name === a.name) - tables.findIndex((t) => t.name === b.name));
    return snapshot;
  });
}

async function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = sha256();
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

async function addEntry(pack: tarStream.Pack, name: string, source: string | Buffer, size: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
    if (Buffer.isBuffer(source)) return;
    fs.createReadStream(source)
      .on('error', (error) => {
        sink.destroy(error);
        reject(error);
      })
      .pipe(sink);
  });
}

/**
 * Writes the tar.gz under a temporary name, flushes it, reads it back as a restore would (every
 * row parsed, every size and SHA-256 checked), then renames it: FILE is whole, checked, or absent.
 */
async function writeArchive(
  file: string,
  manifest: Manifest,
  staged: { path: string; source: string; bytes: number }[],
  options: BackupOptions,
): Promise<{ bytes: number; checked: ArchiveCheck }> {
  const partial = `${file}.${crypto.randomBytes(4).toString('hex')}.partial`;
  const pack = tarStream.pack();
  const writing = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
  // The entries are queued on the pack while the pipeline drains it; an error of either ends both.
  writing.catch(() => pack.destroy());
  try {
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: manifestName, mode: 0o600 }, manifestBytes, (e) => (e ? reject(e) : resolve())),
    );
    for (const entry of staged) await addEntry(pack, entry.path, entry.source, entry.bytes);
    pack.finalize();
    await writing;
    await fsyncPath(partial);
    await options.beforeCheck?.(partial);
    const checked = await checkArchive(partial).catch((error: unknown) => {
      throw new BackupError(
        `The archive written does not read back: ${error instanceof Error ? error.message : String(error)}; ` +
          `it was removed, and nothing was written to ${file}`,
      );
    });
    await fsp.rename(partial, file);
    return { bytes: (await fsp.stat(file)).size, checked };
  } catch (error) {
    pack.destroy();
    await writing.catch(() => {});
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Writes one archive of the site while it runs: every table of one database snapshot, the
 * pictures and attachments its rows name (no others), and a manifest with row counts and SHA-256.
 * An inquiry answered 201 before the backup began is in it with its files; no file in it lacks
 * its row. A file deleted between the snapshot and its taking (its row deleted meanwhile) makes
 * the backup start over with a new snapshot, up to `maxAttempts` times.
 */
export async function createBackup(site: Site, file: string, options: BackupOptions = {}): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new BackupError(`${file} exists already; give a new file name`);
  if (!fs.existsSync(path.dirname(target))) throw new BackupError(`The folder ${path.dirname(target)} does not exist`);
  if (site.database.kind === 'sqlite' && !fs.existsSync(site.database.file)) {
    throw new BackupError(`There is no database at ${site.database.file} (DATA_DIR): nothing to back up`);
  }
  const { db } = await openDatabase(site.database.kind === 'postgres' ? { ...site.database, poolSize: 1 } : site.database);
  const storage = await createSiteStorage(site);
  const maxAttempts = options.maxAttempts ?? 5;
  let staging: string | undefined;
  try {
    let snapshot: Snapshot | undefined;
    let attempts = 0;
    while (!snapshot) {
      attempts++;
      await fsp.mkdir(site.dataDir, { recursive: true });
      // In DATA_DIR: the site's own disk, which the archive's folder need not be.
      staging = await fsp.mkdtemp(path.join(site.dataDir, '.backup-'));
      try {
        snapshot = await takeSnapshot(db as Kysely<any>, storage, staging, options);
      } catch (error) {
        await fsp.rm(staging, { recursive: true, force: true });
        staging = undefined;
        if (!(error instanceof FileVanishedError)) throw error;
        if (attempts >= maxAttempts) {
          throw new BackupError(
            `${error.message}, in ${attempts} snapshots one after another; if it stays so, the file is lost: ` +
              `restore it from an older backup or delete its ${error.table === 'projects' ? 'project picture' : 'inquiry'}`,
          );
        }
      }
    }
    const files: { path: string; source: string; bytes: number; sha256: string }[] = [];
    // A few at a time: small files are dominated by opening them, not by hashing.
    for (let i = 0; i < snapshot.files.length; i += 8) {
      const batch = snapshot.files.slice(i, i + 8);
      const digests = await Promise.all(batch.map((f) => fileDigest(f.staged)));
      batch.forEach((f, j) => files.push({ path: f.path, source: f.staged, ...digests[j]! }));
    }
    const manifest: Manifest = {
      format: archiveFormat,
      formatVersion: archiveFormatVersion,
      createdAt: new Date().toISOString(),
      appVersion: serverPackage.version,
      sourceDatabase: site.database.kind,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files: files.map(({ path: p, bytes, sha256: s }) => ({ path: p, bytes, sha256: s })),
    };
    const entries = [
      ...files,
      ...snapshot.tables.map((t) => ({ path: t.path, source: path.join(staging!, t.path), bytes: t.bytes })),
    ];
    const { bytes, checked } = await writeArchive(target, manifest, entries, options);
    const count = (store: string) => files.filter((f) => f.path.startsWith(`files/${store}/`)).length;
    return {
      file: target,
      bytes,
      attempts,
      tables: snapshot.tables.map((t) => ({ name: t.name, rows: t.rows })),
      files: { media: count('media'), attachments: count('attachments') },
      checked,
    };
  } finally {
    if (staging) await fsp.rm(staging, { recursive: true, force: true });
    storage.close();
    await db.destroy();
  }
}
