import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Kysely } from 'kysely';
import { openDatabase } from '../db/database';
import { migrateTo, migrationNames } from '../db/migrate';
import { type Manifest, decodeValue } from './archive-format';
import {
  type ArchiveContents,
  type ArchiveReader,
  type ArchiveRow,
  type TableEntry,
  archiveReadError,
  openArchive,
} from './archive-reader';
import { type Table, advanceSequence, appliedMigrations, countRows, insertRows, kindOf, listTables } from './backup.repository';
import type { Site } from './backup';
import { countObjects, storageOf } from './files-of-rows';
import type { FileStore } from './archive-format';
import { pictureObjectOptions } from '../media/media-storage';
import { type SiteStorage, createSiteStorage } from '../storage/site-storage';

export class RestoreError extends Error {}

export type RestoreSummary = {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  files: Record<'media' | 'attachments', number>;
  bytes: number;
  /** Files that rows name and the archive lacks (archives of releases that left a kind of file out): restored without them. */
  missingFiles: ArchiveContents['missingFiles'];
};

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound parameters. */
const maxParametersPerInsert = 4000;

/** The archive's schema (its last migration); refuses one from a release newer than this one. */
export function checkSchema(manifest: Manifest): string {
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

async function restoreTable(trx: Kysely<any>, rows: AsyncIterable<ArchiveRow>, listed: TableEntry, target: Table): Promise<void> {
  const kind = kindOf(trx);
  const types = new Map(target.columns.map((c) => [c.name, c.type]));
  const missing = listed.columns.map((c) => c.name).filter((c) => !types.has(c));
  if (missing.length > 0)
    throw new RestoreError(`The target's table ${target.name} lacks the archive's columns ${missing.join(', ')}`);
  const batchSize = Math.max(1, Math.floor(maxParametersPerInsert / Math.max(1, listed.columns.length)));
  let batch: Record<string, unknown>[] = [];
  for await (const archived of rows) {
    const row: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(archived)) row[column] = decodeValue(value, types.get(column)!, kind);
    batch.push(row);
    if (batch.length >= batchSize) {
      await insertRows(trx, target.name, batch);
      batch = [];
    }
  }
  await insertRows(trx, target.name, batch);
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
  const sqliteFileExisted = site.database.kind === 'sqlite' && fs.existsSync(site.database.file);
  let db: Kysely<any> | undefined;
  let archive: ArchiveReader | undefined;
  const storage = await createSiteStorage(site);
  const written: { store: FileStore; key: string }[] = [];
  let committed = false;
  let migrated = false;
  try {
    archive = await openArchive(file);
    const { manifest } = archive;
    const migration = checkSchema(manifest);
    const handle = await openDatabase(site.database);
    db = handle.db as Kysely<any>;
    await checkEmptyTarget(db, storage, migration);
    await migrateTo(handle.db, migration);
    migrated = true;
    const targetTables = new Map((await listTables(db)).map((t) => [t.name, t]));
    const reader = archive;
    let contents: ArchiveContents | undefined;

    await db.transaction().execute(async (trx) => {
      // Every entry checked as it passes (reader), gzip's own checksum included, before the commit.
      contents = await reader.readEntries({
        file: async (ref, _listed, bytes) => {
          written.push(ref);
          await storageOf(storage, ref.store).put(ref.key, bytes, ref.store === 'media' ? pictureObjectOptions(ref.key) : {});
        },
        table: async (listed, rows) => {
          const target = targetTables.get(listed.name);
          if (!target) throw new RestoreError(`The archive's table ${listed.name} is not in the target's schema`);
          await restoreTable(trx, rows, listed, target);
        },
      });
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
    });
    committed = true;
    const { tables, files, bytes, missingFiles } = contents!;
    return { manifest, tables, files, bytes, missingFiles };
  } catch (error) {
    archive?.close();
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
    const { message } = archiveReadError(error);
    const unread = message.startsWith('The archive is truncated or damaged') ? '; nothing was restored from it' : '';
    throw new RestoreError(`${message}${unread}.${cleanup}`);
  } finally {
    storage.close();
    await db?.destroy();
  }
}
