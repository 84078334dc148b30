import type { Db } from '../../db/database';
import { queueInquiryMail } from '../contact/inquiry-mails.repository';

// The assignment mails (issue 42): an inquiry's mail (`inquiry_mails`: deleted with it) with
// whom it is for and who assigned it (`assignment_mails`, the inbox's table).

/** Queues the mail telling `userId` that the inquiry is theirs now, in the assignment's transaction. */
export async function queueAssignmentMail(db: Db, inquiryId: number, userId: number, byName: string, now: string): Promise<void> {
  const outboxId = await queueInquiryMail(db, inquiryId, 'assignment', now);
  await db.insertInto('assignment_mails').values({ outbox_id: outboxId, user_id: userId, by_name: byName }).execute();
}

/** Whom a queued assignment mail is for and who assigned; undefined once it is gone. */
export async function findAssignmentMail(db: Db, outboxId: number): Promise<{ userId: number; byName: string } | undefined> {
  const row = await db
    .selectFrom('assignment_mails')
    .select(['user_id', 'by_name'])
    .where('outbox_id', '=', outboxId)
    .executeTakeFirst();
  return row && { userId: row.user_id, byName: row.by_name };
}
