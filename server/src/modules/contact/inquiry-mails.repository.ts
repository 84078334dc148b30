import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import {
  type MailHistory,
  type OutboxKind,
  deleteMails,
  mailsWithHistory,
  makeWaitingMailsDue,
  queueMail,
} from '../../mail/outbox.repository';

/** The mails of an inquiry: to the company, and the confirmation to the sender (their handlers: inquiry-mails.ts). */
export type InquiryMailKind = 'inquiry' | 'confirmation';

/*
 * `inquiry_mails` names the inquiry an outbox mail is about, as `invitation_mails` names an
 * account's invitation: the outbox knows no inquiry (decision 046).
 */

/**
 * Queues a mail of the inquiry, in the caller's transaction (the one that stores the inquiry, or
 * assigns it: the inbox's `assignment`); answers its outbox id.
 */
export async function queueInquiryMail(db: Db, inquiryId: number, kind: OutboxKind, now: string): Promise<number> {
  const outboxId = await queueMail(db, kind, now);
  await db.insertInto('inquiry_mails').values({ outbox_id: outboxId, inquiry_id: inquiryId }).execute();
  return outboxId;
}

/** The inquiry a queued mail is about; undefined once it is gone (or for a mail that is not an inquiry's). */
export async function inquiryOfMail(db: Db, outboxId: number): Promise<number | undefined> {
  const row = await db.selectFrom('inquiry_mails').select('inquiry_id').where('outbox_id', '=', outboxId).executeTakeFirst();
  return row?.inquiry_id;
}

async function outboxIdsOf(db: Db, inquiryIds: readonly number[]): Promise<number[]> {
  if (inquiryIds.length === 0) return [];
  const rows = await db.selectFrom('inquiry_mails').select('outbox_id').where('inquiry_id', 'in', inquiryIds).execute();
  return rows.map((row) => row.outbox_id);
}

/** The inquiry's mails with their attempts, oldest first. */
export async function mailsOfInquiry(db: Db, inquiryId: number): Promise<MailHistory[]> {
  return mailsWithHistory(db, await outboxIdsOf(db, [inquiryId]));
}

/**
 * Queues a mail of the inquiry again: a waiting one becomes due now, otherwise a new one is added
 * (the earlier rows stay as history).
 */
export async function requeueInquiryMail(db: Db, inquiryId: number, kind: InquiryMailKind, now: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await makeWaitingMailsDue(trx, await outboxIdsOf(trx, [inquiryId]), kind, now))) {
      await queueInquiryMail(trx, inquiryId, kind, now);
    }
  });
}

/** The mails of these inquiries, with their attempts, in the caller's transaction (the inquiries are being deleted). */
export async function deleteMailsOfInquiries(trx: Db, inquiryIds: readonly number[]): Promise<void> {
  if (inquiryIds.length === 0) return;
  const named = await trx.deleteFrom('inquiry_mails').where('inquiry_id', 'in', inquiryIds).returning('outbox_id').execute();
  await deleteMails(
    trx,
    named.map((row) => row.outbox_id),
  );
}
