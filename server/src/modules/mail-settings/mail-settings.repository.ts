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

/**
 * The recipients a test mail last reached, every one accepted by the mail server, and when (the
 * go-live checklist). Kept beside the settings, not in them: the settings are replaced whole by
 * staff, and the record must not be something a PUT could claim.
 */
const confirmedKey = 'mail_confirmed';

export type MailConfirmationRow = { recipients: string; at: string };

export async function readMailConfirmationRow(db: Db): Promise<MailConfirmationRow | undefined> {
  const value = await readSiteValue(db, confirmedKey);
  return value === undefined ? undefined : (JSON.parse(value) as MailConfirmationRow);
}

export async function writeMailConfirmationRow(db: Db, row: MailConfirmationRow): Promise<void> {
  await writeSiteValue(db, confirmedKey, JSON.stringify(row));
}
