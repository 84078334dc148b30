import type { Db } from '../../db/database';
import { lockSiteValueKey, readSiteValue, writeSiteValue } from '../../db/site-values.repository';

/**
 * The templates staff changed, one JSON document in the settings table keyed by
 * `type.kind.language`; a template not in it reads as the shipped words. Kept as a site value, so
 * that backups carry it with the other settings.
 */
const key = 'mail_templates';

export async function readMailTemplatesRow(db: Db): Promise<unknown> {
  const value = await readSiteValue(db, key);
  return value === undefined ? undefined : (JSON.parse(value) as unknown);
}

/** In the save's transaction, before reading: a second save of any template waits for this one (none is lost). */
export async function lockMailTemplatesRow(trx: Db): Promise<void> {
  await lockSiteValueKey(trx, key);
}

export async function writeMailTemplatesRow(db: Db, templates: unknown): Promise<void> {
  await writeSiteValue(db, key, JSON.stringify(templates));
}
