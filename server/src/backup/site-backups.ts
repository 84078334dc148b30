import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type BackupEntry, type BackupSchedule, backupEntrySchema, backupIdPattern, berlinDate } from '@blitz/contract';
import type { Config } from '../config';
import { type Db, sqliteFileIn } from '../db/database';
import { recordBackup } from '../db/backup-record.repository';
import { recordChange } from '../modules/audit/audit.recorder';
import type { HousekeepingTask } from '../modules/housekeeping/housekeeping';
import { releaseLease, takeLease } from '../modules/housekeeping/leases.repository';
import { type ObjectStorage, type StoredObject, readAll } from '../storage/object-storage';
import { type Site, createBackup } from './backup';

/** The site a configuration names: DATA_DIR, the bucket if any, SQLite in DATA_DIR or DATABASE_URL. */
export function siteOf(config: Config): Site {
  return {
    dataDir: config.dataDir,
    objectStorage: config.objectStorage,
    database: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'sqlite', file: sqliteFileIn(config.dataDir) },
  };
}

/** Another backup is being written (on this instance or another sharing the database). */
export class BackupRunningError extends Error {}

export type SiteBackupsDeps = {
  site: Site;
  db: Db;
  /** Where the archives and their entries are kept (storage/site-storage.ts: createBackupStorage). */
  storage: ObjectStorage;
  log: FastifyBaseLogger;
  /** BACKUP_HOUR (null: no nightly backup) and BACKUP_KEEP. */
  hour: number | null;
  keep: number;
};

/** One backup at a time among all instances: a lease held while it is written, given back after. */
const leaseName = 'backup';
/** A backup of a large site takes seconds to minutes; an instance that dies holding the lease frees it after this. */
const leaseMs = 3 * 3600_000;

const archiveKey = (id: string) => `${id}.tar.gz`;
const entryKey = (id: string) => `${id}.json`;

/** `2026-11-25T03:00:12.345Z` → `20261125-030012-` and four random hex digits. */
const newId = (at: Date) =>
  `${at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${crypto.randomBytes(2).toString('hex')}`;

const berlinHour = (at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', hourCycle: 'h23' }).format(at));

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The backups the server writes (decision 044): each archive (`createBackup`, read back and
 * checked) is stored beside the data with a small JSON entry (`<id>.json`: time, size, check, by)
 * that the list reads, so the list holds exactly what storage holds, on every instance. A failed
 * backup leaves an entry without an archive, so that the dashboard shows the failure.
 */
export function createSiteBackups(deps: SiteBackupsDeps) {
  async function list(): Promise<BackupEntry[]> {
    const entries: BackupEntry[] = [];
    for await (const object of deps.storage.list()) {
      if (!object.key.endsWith('.json')) continue;
      const opened = await deps.storage.open(object.key);
      if (!opened) continue;
      try {
        const parsed = backupEntrySchema.safeParse(JSON.parse((await readAll(opened)).toString('utf8')));
        if (parsed.success) entries.push(parsed.data);
      } catch {
        deps.log.warn({ key: object.key }, 'backup entry unreadable');
      }
    }
    return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  }

  /** Removes what the keep count leaves out: passed backups beyond the newest `keep`, failures older than the newest passed one. */
  async function prune(): Promise<void> {
    const entries = await list();
    const passed = entries.filter((e) => e.check.passed);
    const newestPassed = passed[0]?.createdAt;
    const failed = entries.filter((e) => !e.check.passed);
    const gone = [
      ...passed.slice(deps.keep),
      ...failed.filter((e, i) => i >= deps.keep || (newestPassed !== undefined && e.createdAt < newestPassed)),
    ];
    for (const entry of gone) {
      // The entry first: a listing never shows a backup whose archive went.
      await deps.storage.remove([entryKey(entry.id)]);
      await deps.storage.remove([archiveKey(entry.id)]);
    }
  }

  async function write(by: string | null, startedAt: Date): Promise<BackupEntry> {
    const id = newId(startedAt);
    const base = { id, createdAt: startedAt.toISOString(), by };
    let entry: BackupEntry;
    await fsp.mkdir(deps.site.dataDir, { recursive: true });
    const folder = await fsp.mkdtemp(path.join(deps.site.dataDir, '.backup-out-'));
    try {
      const summary = await createBackup(deps.site, path.join(folder, archiveKey(id)));
      await deps.storage.put(archiveKey(id), fs.createReadStream(summary.file), { contentType: 'application/gzip' });
      entry = {
        ...base,
        size: summary.bytes,
        check: {
          passed: true,
          tables: summary.checked.tables.length,
          rows: summary.checked.tables.reduce((sum, t) => sum + t.rows, 0),
          files: summary.checked.files.media + summary.checked.files.attachments,
        },
      };
    } catch (error) {
      deps.log.error({ err: error, backup: id }, 'backup failed');
      entry = { ...base, size: 0, check: { passed: false, tables: 0, rows: 0, files: 0, error: reasonOf(error) } };
    } finally {
      await fsp.rm(folder, { recursive: true, force: true });
    }
    await deps.storage.put(entryKey(id), Buffer.from(JSON.stringify(entry)), { contentType: 'application/json' });
    // The go-live checklist counts it (as it counts `npm run admin -- backup`).
    if (entry.check.passed) await recordBackup(deps.db, { at: new Date().toISOString(), bytes: entry.size });
    await recordChange(deps.db, {
      action: 'create',
      kind: 'backup',
      id,
      title: id,
      note: entry.check.passed
        ? `${entry.size} bytes, ${entry.check.rows} rows, ${entry.check.files} files, checked`
        : `failed: ${entry.check.error}`.slice(0, 500),
    });
    await prune().catch((error: unknown) => deps.log.error({ err: error }, 'removing old backups failed'));
    deps.log.info({ backup: id, by, bytes: entry.size, passed: entry.check.passed }, 'backup');
    return entry;
  }

  /**
   * Writes a backup now and answers its entry once it is written and read back (or failed);
   * BackupRunningError while another is being written anywhere. `startedAt`: the scheduled round's
   * clock, so that the day it looks for is the day the backup is recorded under.
   */
  async function create(by: string | null, startedAt = new Date()): Promise<BackupEntry> {
    const owner = crypto.randomUUID();
    const now = new Date();
    if (!(await takeLease(deps.db, leaseName, owner, now, new Date(now.getTime() + leaseMs)))) {
      throw new BackupRunningError('A backup is being written; try again once it is done');
    }
    try {
      return await write(by, startedAt);
    } finally {
      await releaseLease(deps.db, leaseName, owner).catch((error: unknown) =>
        deps.log.error({ err: error }, 'giving back the backup lease failed'),
      );
    }
  }

  /** A passed backup's archive, or undefined (an unknown id, a failed backup, one removed meanwhile). */
  async function open(id: string): Promise<{ entry: BackupEntry; archive: StoredObject } | undefined> {
    if (!backupIdPattern.test(id)) return undefined;
    const entry = (await list()).find((e) => e.id === id);
    if (!entry?.check.passed) return undefined;
    const archive = await deps.storage.open(archiveKey(id));
    return archive && { entry, archive };
  }

  const schedule = (): BackupSchedule => ({ hour: deps.hour, keep: deps.keep, location: deps.storage.location });

  /**
   * The nightly backup in the hourly housekeeping round (one instance at a time): from BACKUP_HOUR
   * (Berlin time) on, once a day, unless that day's scheduled backup exists (passed or failed).
   * A server started after the hour with none for the day writes it in its first round.
   */
  function scheduledTask(now = () => new Date()): HousekeepingTask {
    return {
      name: 'backup',
      run: async (): Promise<Record<string, number>> => {
        const at = now();
        if (deps.hour === null || berlinHour(at) < deps.hour) return { written: 0 };
        const today = berlinDate(at);
        if ((await list()).some((e) => e.by === null && berlinDate(new Date(e.createdAt)) === today)) return { written: 0 };
        try {
          const entry = await create(null, at);
          return { written: entry.check.passed ? 1 : 0, failed: entry.check.passed ? 0 : 1 };
        } catch (error) {
          // An admin's backup is being written: the next round writes the nightly one.
          if (error instanceof BackupRunningError) return { written: 0 };
          throw error;
        }
      },
    };
  }

  return { list, create, open, schedule, scheduledTask };
}

export type SiteBackups = ReturnType<typeof createSiteBackups>;
