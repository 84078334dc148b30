import { type Config, loadConfig } from '../config';
import { holdSiteExclusively } from '../db/instance-lock';
import { type BackupSummary, type Site, createBackup } from '../backup/backup';
import { siteOf } from '../backup/site-backups';
import { checkArchive } from '../backup/archive-reader';
import { type RestoreSummary, checkSchema, restoreBackup } from '../backup/restore';
import { recordBackup } from '../db/backup-record.repository';
import { openDatabase } from '../db/database';

// npm run admin -- backup FILE / restore FILE / restore --check FILE. The work is in ../backup/; this maps the
// configuration onto a site and prints what was done.

type Output = { write: (text: string) => void };

const databaseName = (site: Site) =>
  site.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite ${site.database.file}`;

const storageName = (config: Config) =>
  config.objectStorage ? `${config.dataDir} and bucket ${config.objectStorage.bucket}` : config.dataDir;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const rowList = (tables: { name: string; rows: number }[]) => tables.map((t) => `  ${t.name}: ${t.rows}`).join('\n');

export async function backupCommand(file: string, config: Config = loadConfig(), out: Output = process.stdout): Promise<number> {
  const site = siteOf(config);
  const { summary, recordError } = await recordedBackup(site, file);
  out.write(
    `Backup of ${databaseName(site)} and ${storageName(config)} written to ${summary.file} (${megabytes(summary.bytes)}):\n` +
      `${rowList(summary.tables)}\n` +
      `  pictures: ${summary.files.media} files, attachments: ${summary.files.attachments} files\n` +
      `Read back and checked: every row parsed, every checksum matched.\n`,
  );
  if (recordError) out.write(`Warning: the backup could not be recorded for the dashboard: ${recordError}\n`);
  return 0;
}

/**
 * Writes the backup, then records its time and size in the site's database for the dashboard's
 * go-live checklist. The archive is whole either way: a record that cannot be written is a
 * warning (`recordError`), not a failed backup.
 */
export async function recordedBackup(
  site: Site,
  file: string,
): Promise<{ summary: BackupSummary; recordError: string | undefined }> {
  const summary = await createBackup(site, file);
  try {
    const { db } = await openDatabase(
      site.database.kind === 'postgres' ? { ...site.database, poolSize: 1 } : { ...site.database, mustExist: true },
    );
    try {
      await recordBackup(db, { at: new Date().toISOString(), bytes: summary.bytes });
    } finally {
      await db.destroy();
    }
    return { summary, recordError: undefined };
  } catch (error) {
    return { summary, recordError: error instanceof Error ? error.message : String(error) };
  }
}

export async function restoreCommand(file: string, config: Config = loadConfig(), out: Output = process.stdout): Promise<number> {
  const site = siteOf(config);
  // The target is empty, but a server on it would serve a schema changing under it: it is stopped first.
  const release = await holdSiteExclusively(config, 'restore', { create: true });
  const { manifest, tables, files, bytes, missingFiles } = await restoreBackup(site, file).finally(release);
  out.write(
    `Restored ${file} (taken ${manifest.createdAt} from ${manifest.sourceDatabase}, release ${manifest.appVersion}) ` +
      `into ${databaseName(site)} and ${storageName(config)}, schema ${manifest.migrations.at(-1)}:\n` +
      `${rowList(tables)}\n` +
      `  pictures: ${files.media} files, attachments: ${files.attachments} files (${megabytes(bytes)}); every checksum matched\n` +
      missingList(missingFiles) +
      `Start the site: it migrates the schema to this release's latest.\n`,
  );
  return 0;
}

const missingList = (missing: RestoreSummary['missingFiles']) =>
  missing.length === 0
    ? ''
    : `Warning: the archive lacks ${missing.length} file${missing.length === 1 ? '' : 's'} its rows name (taken by a release ` +
      `that left them out), restored without them: ${missing.map((m) => `${m.table} → ${m.ref.store}/${m.ref.key}`).join(', ')}\n`;

/**
 * Reads the archive as a restore would, with no target: exit code 0 only when every row, size and
 * checksum matched and this release knows its schema.
 */
export async function checkCommand(file: string, out: Output = process.stdout): Promise<number> {
  const { manifest, tables, files, bytes } = await checkArchive(file);
  checkSchema(manifest);
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  out.write(
    `${file} (taken ${manifest.createdAt} from ${manifest.sourceDatabase}, release ${manifest.appVersion}, ` +
      `schema ${manifest.migrations.at(-1)}) reads whole:\n` +
      `  ${tables.length} tables, ${rows} rows, pictures: ${files.media} files, attachments: ${files.attachments} files ` +
      `(${megabytes(bytes)}); every row parsed, every checksum matched, every file its rows name present\n`,
  );
  return 0;
}
