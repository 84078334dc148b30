import type { Db } from './database';
import { readSiteValue, writeSiteValue } from './site-values.repository';

/**
 * The last backup taken with `npm run admin -- backup` (issue 29: the go-live checklist shows it):
 * when and how large, one small value of the settings table. Written after the archive was
 * checked, so an archive never holds its own record; a restore brings back the record of the
 * backup before it.
 */
const key = 'last_backup';

export type BackupRecord = { at: string; bytes: number };

export async function recordBackup(db: Db, record: BackupRecord): Promise<void> {
  await writeSiteValue(db, key, JSON.stringify(record));
}

export async function readLastBackup(db: Db): Promise<BackupRecord | null> {
  const value = await readSiteValue(db, key);
  if (value === undefined) return null;
  const parsed = JSON.parse(value) as Partial<BackupRecord>;
  return typeof parsed.at === 'string' && typeof parsed.bytes === 'number' ? { at: parsed.at, bytes: parsed.bytes } : null;
}
