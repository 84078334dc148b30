import type { Db } from '../../db/database';
import type { InquiryIds } from '../contact/inquiries.repository';

// Who has opened which inquiry (issue 42: new inquiries are unread per person). Rows go with their
// inquiry (foreign key, cascade); opening one again keeps the first time.

export async function markRead(db: Db, inquiryId: number, userId: number, at: string): Promise<void> {
  await db
    .insertInto('inquiry_reads')
    .values({ inquiry_id: inquiryId, user_id: userId, read_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'inquiry_id']).doNothing())
    .execute();
}

/** The inquiries the user has opened, as a query the inquiries' repository filters with. */
export function readInquiryIds(db: Db, userId: number): InquiryIds {
  return db.selectFrom('inquiry_reads').select('inquiry_reads.inquiry_id').where('inquiry_reads.user_id', '=', userId);
}

/** Which of these inquiries the user has opened. */
export async function readAmong(db: Db, userId: number, inquiryIds: readonly number[]): Promise<Set<number>> {
  if (inquiryIds.length === 0) return new Set();
  const rows = await readInquiryIds(db, userId)
    .where('inquiry_reads.inquiry_id', 'in', [...inquiryIds])
    .execute();
  return new Set(rows.map((row) => row.inquiry_id));
}
