import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';

// The reply templates (issue 42) are one site value: the whole list as JSON, saved as a whole.

const templatesKey = 'reply_templates';

export async function readReplyTemplatesValue(db: Db): Promise<string | undefined> {
  return readSiteValue(db, templatesKey);
}

export async function writeReplyTemplatesValue(db: Db, value: string): Promise<void> {
  await writeSiteValue(db, templatesKey, value);
}
