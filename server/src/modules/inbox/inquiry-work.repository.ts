import type { Db } from '../../db/database';

// The inbox's own tables (issue 42): internal notes and the time line of what staff did with an
// inquiry. Both are deleted with the inquiry (foreign keys, cascade).

export type InquiryNote = { id: number; at: string; byName: string; text: string };
export type InquiryWorkEvent = { at: string; byName: string; kind: 'status' | 'assignee' | 'followUp'; value: string | null };

/** Who did it: the user's id and the name shown then. */
export type Doer = { id: number | null; name: string };

export async function insertNote(db: Db, inquiryId: number, by: Doer, text: string, at: string): Promise<number> {
  const { id } = await db
    .insertInto('inquiry_notes')
    .values({ inquiry_id: inquiryId, at, by_id: by.id, by_name: by.name, text })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function notesOf(db: Db, inquiryId: number): Promise<InquiryNote[]> {
  return db
    .selectFrom('inquiry_notes')
    .select(['id', 'at', 'by_name as byName', 'text'])
    .where('inquiry_id', '=', inquiryId)
    .orderBy('id')
    .execute();
}

export async function insertWorkEvents(
  db: Db,
  inquiryId: number,
  by: Doer,
  at: string,
  events: readonly { kind: InquiryWorkEvent['kind']; value: string | null }[],
): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('inquiry_events')
    .values(events.map((e) => ({ inquiry_id: inquiryId, at, by_id: by.id, by_name: by.name, kind: e.kind, value: e.value })))
    .execute();
}

export async function workEventsOf(db: Db, inquiryId: number): Promise<InquiryWorkEvent[]> {
  const rows = await db
    .selectFrom('inquiry_events')
    .select(['at', 'by_name as byName', 'kind', 'value'])
    .where('inquiry_id', '=', inquiryId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, kind: row.kind as InquiryWorkEvent['kind'] }));
}

/** How many notes each of these inquiries has (absent: none). */
export async function noteCounts(db: Db, inquiryIds: readonly number[]): Promise<Map<number, number>> {
  if (inquiryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('inquiry_notes')
    .select((eb) => ['inquiry_id', eb.fn.countAll<number | string>().as('n')])
    .where('inquiry_id', 'in', [...inquiryIds])
    .groupBy('inquiry_id')
    .execute();
  return new Map(rows.map((row) => [row.inquiry_id, Number(row.n)]));
}
