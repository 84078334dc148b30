import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';

/**
 * A token that changes with every change to the site's content (categories, projects, jobs,
 * company details), kept in the database, so that every instance sharing it knows at once when
 * what it kept from a read is out of date. A random token rather than a counter: two changes at
 * the same moment cannot end on a value seen before either of them.
 */
const key = 'content_version';

export async function readContentVersion(db: Db): Promise<string> {
  return (await readSiteValue(db, key)) ?? '';
}

/** Called inside the transaction of every write to content. */
export async function bumpContentVersion(db: Db): Promise<void> {
  await writeSiteValue(db, key, crypto.randomBytes(9).toString('base64url'));
}
