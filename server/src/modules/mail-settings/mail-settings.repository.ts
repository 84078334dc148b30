import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';

/** The mail settings are one JSON document in the settings table; none until staff first save them. */
const key = 'mail';

export async function readMailSettingsRow(db: Db): Promise<unknown> {
  const value = await readSiteValue(db, key);
  return value === undefined ? undefined : (JSON.parse(value) as unknown);
}

export async function writeMailSettingsRow(db: Db, settings: unknown): Promise<void> {
  await writeSiteValue(db, key, JSON.stringify(settings));
}
