import type { ChecklistKey } from '@blitz/contract';
import type { Db } from '../../db/database';
import { readSiteValue, writeSiteValue } from '../../db/site-values.repository';

/**
 * What admins marked on the go-live checklist, one JSON document in the settings table: the items
 * they dismissed, and who marked the imprint and privacy texts reviewed. Everything else the
 * checklist shows is computed from the site itself.
 */
const key = 'go_live';

export type Mark = { by: string; at: string };
export type GoLiveMarks = { dismissed: Partial<Record<ChecklistKey, Mark>>; legalTextsReviewed?: Mark };

export async function readGoLiveMarks(db: Db): Promise<GoLiveMarks> {
  const value = await readSiteValue(db, key);
  const parsed = value === undefined ? {} : (JSON.parse(value) as Partial<GoLiveMarks>);
  return {
    dismissed: parsed.dismissed ?? {},
    ...(parsed.legalTextsReviewed ? { legalTextsReviewed: parsed.legalTextsReviewed } : {}),
  };
}

export async function writeGoLiveMarks(db: Db, marks: GoLiveMarks): Promise<void> {
  await writeSiteValue(db, key, JSON.stringify(marks));
}
