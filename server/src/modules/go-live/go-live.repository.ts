import type { ChecklistKey } from '@blitz/contract';
import type { Db } from '../../db/database';
import { readSiteValue, updateSiteValue } from '../../db/site-values.repository';

/**
 * What admins marked on the go-live checklist, one JSON document in the settings table: the items
 * they dismissed, and who marked the imprint and privacy texts reviewed. Everything else the
 * checklist shows is computed from the site itself.
 */
const key = 'go_live';

export type Mark = { by: string; at: string };
export type GoLiveMarks = { dismissed: Partial<Record<ChecklistKey, Mark>>; legalTextsReviewed?: Mark };

const parsedMarks = (value: string | undefined): GoLiveMarks => {
  const parsed = value === undefined ? {} : (JSON.parse(value) as Partial<GoLiveMarks>);
  return {
    dismissed: parsed.dismissed ?? {},
    ...(parsed.legalTextsReviewed ? { legalTextsReviewed: parsed.legalTextsReviewed } : {}),
  };
};

export async function readGoLiveMarks(db: Db): Promise<GoLiveMarks> {
  return parsedMarks(await readSiteValue(db, key));
}

/** Changes the marks as they are when it is this change's turn: concurrent dismissals all stay. */
export async function updateGoLiveMarks(db: Db, change: (marks: GoLiveMarks) => void): Promise<void> {
  await updateSiteValue(db, key, (value) => {
    const marks = parsedMarks(value);
    change(marks);
    return JSON.stringify(marks);
  });
}
