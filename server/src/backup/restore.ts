import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Kysely } from 'kysely';
import tarStream from 'tar-stream';
import { openDatabase } from '../db/database';
import { migrateTo, migrationNames } from '../db/migrate';
import {
  type ArchiveValue,
  type Manifest,
  type ManifestEntry,
  decodeValue,
  manifestName,
  manifestSchema,
  parseFileEntryName,
} from './archive-format';
import { type Table, advanceSequence, appliedMigrations, countRows, insertRows, kindOf, listTables } from './backup.repository';
import type { Site } from './backup';
import { countObjects, storageOf } from './site-files';
import type { FileStore } from './archive-format';
import { pictureObjectOptions } from '../media/media-storage';
import type { ObjectStorage } from '../storage/object-storage';
import { type SiteStorage, createSiteStorage } from '../storage/site-storage';

export class RestoreError extends Error {}

type ArchiveEntry = AsyncIterable<Buffer> & { header: { name: string }; resume(): unknown };

/**
 * The entry's bytes, counted and hashed on their way through; with `expected`, a stream that fails
 * at its end (through `mismatch`) unless size and SHA-256 are the expected ones.
 */
function measured(source: AsyncIterable<Buffer>, mismatch?: () => never, expected?: { bytes: number; sha256: string }) {
  const hash = crypto.createHash('sha256');
  const seen = { bytes: 0, sha256: () => hash.digest('hex') };
  async function* chunks() {
    for await (const chunk of source) {
      hash.update(chunk);
      seen.bytes += chunk.length;
      yield chunk;
    }
    if (expected && mismatch && (seen.bytes !== expected.bytes || seen.sha256() !== expected.sha256)) mismatch();
  }
  return { stream: Readable.from(chunks(), { objectMode: false }), seen };
}

export type RestoreSummary = {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  files: Record<'media' | 'attachments', number>;
  bytes: number;
};

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound parameters. */
const maxParametersPerInsert = 4000;

function archiveReadError(error: unknown): RestoreError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof RestoreError) return error;
  if (
    /unexpected end of (file|data)|incorrect header check|invalid (block|distance|code)|Z_|unexpected end|truncated|invalid tar/i.test(
      message,
    )
  ) {
    return new RestoreError(`The archive is truncated or damaged (${message}); nothing was restored from it`);
  }
  return new RestoreError(message);
}

async function readManifest(entry: ArchiveEntry | undefined): Promise<Manifest> {
  if (!entry || entry.header.name !== manifestName) {
    throw new RestoreError(`Not a backup archive of this site: it does not begin with ${manifestName}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += chunk.length;
    // Far above a real manifest (a line per file): a hand-made giant is not read into memory.
    if (size > 256 * 1024 * 1024) throw new RestoreError(`The archive's ${manifestName} is implausibly large`);
    chunks.push(chunk);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new RestoreError(`The archive's ${manifestName} is not JSON`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success)
    throw new RestoreError(`The archive's ${manifestName} is not one this release reads: ${result.error.issues[0]?.message}`);
  return result.data;
}

function checkSchema(manifest: Manifest): string {
  const last = manifest.migrations.at(-1)!;
  const unknown = manifest.migrations.filter((m) => !migrationNames.includes(m));
  if (unknown.length > 0) {
    throw new RestoreError(
      `The archive comes from a newer release: its schema has migration ${unknown.at(-1)}, which this release ` +
        `(latest ${migrationNames.at(-1)}) does not know; restore it with that release or a newer one`,
    );
  }
  return last;
}

/** Refuses a target that holds anything: rows in any table, pictures or attachments, or a newer schema. */
async function checkEmptyTarget(db: Kysely<any>, storage: SiteStorage, archiveMigration: string): Promise<void> {
  const found: string[] = [];
  for (const table of await listTables(db)) {
    const rows = await countRows(db, table.name);
    if (rows > 0) found.push(`${rows} ${table.name} row${rows === 1 ? '' : 's'}`);
  }
  for (const store of ['media', 'attachments'] as const) {
    const objects = storageOf(storage, store);
    const count = await countObjects(objects);
    if (count > 0) found.push(`${count} ${store} file${count === 1 ? '' : 's'} in ${objects.location}`);
  }
  if (found.length > 0) {
    throw new RestoreError(
      `The target is not empty: it has ${found.join(', ')}; restore only into an empty database and an empty DATA_DIR or bucket`,
    );
  }
  const applied = await appliedMigrations(db);
  const ahead = applied.filter((m) => m > archiveMigration);
  if (ahead.length > 0) {
    throw new RestoreError(
      `The target database is migrated past the archive's schema (${archiveMigration}) to ${applied.at(-1)}; ` +
        `restore into a database never migrated, or one at most at the archive's migration`,
    );
  }
}

/**
 * Streams the entry into storage (disk or S3) under its key, checking its size and SHA-256 as the
 * last bytes pass: a damaged entry fails the write, and storage keeps nothing of it.
 */
async function restoreFile(
  entry: AsyncIterable<Buffer>,
  listed: ManifestEntry,
  storage: ObjectStorage,
  store: FileStore,
  key: string,
) {
  const { stream } = measured(
    entry,
    () => {
      throw new RestoreError(`${listed.path} in the archive is damaged: its checksum or size differs from the manifest's`);
    },
    listed,
  );
  await storage.put(key, stream, store === 'media' ? pictureObjectOptions(key) : {});
}

async function restoreTable(
  trx: Kysely<any>,
  entry: AsyncIterable<Buffer>,
  listed: Manifest['tables'][number],
  target: Table,
): Promise<number> {
  const kind = kindOf(trx);
  const types = new Map(target.columns.map((c) => [c.name, c.type]));
  const missing = listed.columns.map((c) => c.name).filter((c) => !types.has(c));
  if (missing.length > 0)
    throw new RestoreError(`The target's table ${target.name} lacks the archive's columns ${missing.join(', ')}`);
  const batchSize = Math.max(1, Math.floor(maxParametersPerInsert / Math.max(1, listed.columns.length)));
  const { stream, seen } = measured(entry);
  let rows = 0;
  let batch: Record<string, unknown>[] = [];
  for await (const line of readline.createInterface({ input: stream, crlfDelay: Infinity })) {
    if (line === '') continue;
    let archived: Record<string, ArchiveValue>;
    try {
      archived = JSON.parse(line) as Record<string, ArchiveValue>;
    } catch {
      throw new RestoreError(`${listed.path} in the archive is damaged: row ${rows + 1} is not JSON`);
    }
    const row: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(archived)) {
      const type = types.get(column);
      if (type === undefined) throw new RestoreError(`${listed.path}: column ${column} is not in the target's table`);
      row[column] = decodeValue(value, type, kind);
    }
    batch.push(row);
    rows++;
    if (batch.length >= batchSize) {
      await insertRows(trx, target.name, batch);
      batch = [];
    }
  }
  await insertRows(trx, target.name, batch);
  if (rows !== listed.rows || seen.bytes !== listed.bytes || seen.sha256() !== listed.sha256) {
    throw new RestoreError(`${listed.path} in the archive is damaged: its checksum or row count differs from the manifest's`);
  }
  return rows;
}

/**
 * Restores an archive into an empty site (SQLite or PostgreSQL, whichever `site` names): checks
 * the manifest, refuses a non-empty target or a newer schema, migrates to exactly the archive's
 * schema, writes the files to their final names and inserts every row in one transaction,
 * checking every size, count and SHA-256 on the way. On failure the transaction is rolled back
 * and the files written are removed again.
 */
export async function restoreBackup(site: Site, file: string): Promise<RestoreSummary> {
  if (!fs.existsSync(file)) throw new RestoreError(`There is no file ${file}`);
  const extract = tarStream.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  reading.catch(() => {});
  const entries = extract[Symbol.asyncIterator]();
  const nextEntry = async () => {
    try {
      const { value, done } = await entries.next();
      return done ? undefined : (value as unknown as ArchiveEntry);
    } catch (error) {
      throw archiveReadError(error);
    }
  };

  const sqliteFileExisted = site.database.kind === 'sqlite' && fs.existsSync(site.database.file);
  let db: Kysely<any> | undefined;
  const storage = await createSiteStorage(site);
  const written: { store: FileStore; key: string }[] = [];
  let committed = false;
  let migrated = false;
  try {
    const manifest = await readManifest(await nextEntry());
    const migration = checkSchema(manifest);
    const handle = await openDatabase(site.database);
    db = handle.db as Kysely<any>;
    await checkEmptyTarget(db, storage, migration);
    await migrateTo(handle.db, migration);
    migrated = true;
    const targetTables = new Map((await listTables(db)).map((t) => [t.name, t]));
    const listedFiles = new Map(manifest.files.map((f) => [f.path, f]));
    const listedTables = new Map(manifest.tables.map((t) => [t.path, t]));
    const seen = new Set<string>();
    const restored: RestoreSummary['tables'] = [];
    const files = { media: 0, attachments: 0 };
    let bytes = 0;

    await db.transaction().execute(async (trx) => {
      for (let entry = await nextEntry(); entry; entry = await nextEntry()) {
        const name = entry.header.name;
        if (seen.has(name)) throw new RestoreError(`The archive holds ${name} twice`);
        seen.add(name);
        const listedFile = listedFiles.get(name);
        const listedTable = listedTables.get(name);
        try {
          if (listedFile) {
            const ref = parseFileEntryName(name);
            if (!ref) throw new RestoreError(`The archive names a file outside the site's folders: ${name}`);
            written.push(ref);
            await restoreFile(entry, listedFile, storageOf(storage, ref.store), ref.store, ref.key);
            files[ref.store]++;
            bytes += listedFile.bytes;
          } else if (listedTable) {
            const target = targetTables.get(listedTable.name);
            if (!target) throw new RestoreError(`The archive's table ${listedTable.name} is not in the target's schema`);
            restored.push({ name: listedTable.name, rows: await restoreTable(trx, entry, listedTable, target) });
          } else {
            throw new RestoreError(`The archive holds ${name}, which its manifest does not list`);
          }
        } catch (error) {
          entry.resume();
          throw archiveReadError(error);
        }
      }
      const absent = [...listedFiles.keys(), ...listedTables.keys()].filter((p) => !seen.has(p));
      if (absent.length > 0) {
        throw new RestoreError(
          `The archive is incomplete: ${absent.length} entries of its manifest are missing (${absent[0]}, …)`,
        );
      }
      for (const s of manifest.sequences) {
        const table = targetTables.get(s.table);
        if (table?.columns.some((c) => c.name === s.column && c.autoIncrement)) {
          await advanceSequence(trx, s.table, s.column, s.value);
        }
      }
      // Ids restored into a table whose counter the archive does not name (none today) still move it on.
      for (const table of targetTables.values()) {
        for (const column of table.columns.filter((c) => c.autoIncrement)) {
          if (!manifest.sequences.some((s) => s.table === table.name && s.column === column.name)) {
            await advanceSequence(trx, table.name, column.name, 0);
          }
        }
      }
      // The whole archive read and checked (gzip's own checksum included) before the commit.
      await reading.catch((error: unknown) => {
        throw archiveReadError(error);
      });
    });
    committed = true;
    return { manifest, tables: restored, files, bytes };
  } catch (error) {
    extract.destroy();
    if (committed) throw error;
    const removed = await Promise.all(
      written.map((f) =>
        storageOf(storage, f.store)
          .remove([f.key])
          .then(
            () => true,
            () => false,
          ),
      ),
    );
    const left = written.filter((_, i) => !removed[i]);
    let cleanup =
      left.length > 0
        ? ` ${left.length} restored files could not be removed again: delete the objects in ${storage.media.location} and ${storage.attachments.location} by hand.`
        : written.length > 0
          ? ' The files written were removed again.'
          : '';
    if (site.database.kind === 'sqlite' && !sqliteFileExisted) {
      // The database file was made by this restore: it goes, and the target is as it was.
      await db?.destroy();
      db = undefined;
      for (const suffix of ['', '-wal', '-shm']) await fsp.rm(`${site.database.file}${suffix}`, { force: true });
    } else if (migrated) {
      cleanup += " The database holds no rows: it is left migrated to the archive's schema, ready for another restore.";
    }
    throw new RestoreError(`${archiveReadError(error).message}.${cleanup}`);
  } finally {
    storage.close();
    await db?.destroy();
  }
}
