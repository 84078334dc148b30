import type { Db } from '../../db/database';
import { readSetting, writeSetting } from '../../db/settings.repository';
import { inTransaction } from '../../db/transaction';
import { bumpContentVersion } from '../content/content-version.repository';

/** The company details are one JSON document in the settings table: read and replaced whole. */
const key = 'company';

export type StoredCompanySettings = { settings: unknown; updatedAt: string };

/** The stored document, or undefined while the placeholder company of the release is in place. */
export async function readCompanySettingsRow(db: Db): Promise<StoredCompanySettings | undefined> {
  const value = await readSetting(db, key);
  return value === undefined ? undefined : (JSON.parse(value) as StoredCompanySettings);
}

export async function writeCompanySettingsRow(db: Db, stored: StoredCompanySettings): Promise<void> {
  await inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    await writeSetting(trx, key, JSON.stringify(stored));
  });
}
