import { sql } from 'kysely';
import type { Db, DatabaseKind } from '../db/database';
import { inTransaction } from '../db/transaction';

/** What a queued mail is: each kind has its handler (outbox.ts), registered by the module it belongs to. */
export type OutboxKind = 'inquiry' | 'confirmation' | 'statisticsSummary' | 'invitation';
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'logged';

export type OutboxEntry = {
  id: number;
  inquiryId: number | null;
  kind: OutboxKind;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

type Row = {
  id: number;
  inquiry_id: number | null;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

function toEntry(row: Row): OutboxEntry {
  return {
    id: row.id,
    inquiryId: row.inquiry_id,
    kind: row.kind as OutboxKind,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

const columns = [
  'id',
  'inquiry_id',
  'kind',
  'status',
  'attempts',
  'next_attempt_at',
  'last_error',
  'created_at',
  'sent_at',
] as const;

/** Queues a mail; called inside the transaction that stores what it is about. */
export async function enqueueMail(db: Db, inquiryId: number, kind: OutboxKind, now: string): Promise<void> {
  await queueMail(db, kind, now, inquiryId);
}

/** Queues a mail of `kind` (about an inquiry, or about nothing the outbox knows: its handler finds it by the id answered). */
export async function queueMail(db: Db, kind: OutboxKind, now: string, inquiryId: number | null = null): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ inquiry_id: inquiryId, kind, status: 'pending', attempts: 0, next_attempt_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `limit` due mails for `owner` until `leaseUntil`, in one statement. On PostgreSQL
 * the candidate rows are locked with SKIP LOCKED, so two senders never pick the same row; SQLite
 * runs one writer at a time, so the conditional UPDATE alone is enough.
 */
export async function claimDueMails(
  db: Db,
  kind: DatabaseKind,
  owner: string,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<OutboxEntry[]> {
  let due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit);
  if (kind === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db
    .updateTable('mail_outbox')
    .set({ lease_until: leaseUntil, lease_owner: owner })
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .returning(columns)
    .execute();
  return rows.map(toEntry).sort((a, b) => a.id - b.id);
}

/** Settles a claimed mail if `owner` still holds it; false when the lease was lost or the row is gone. */
export async function settleMail(
  db: Db,
  id: number,
  owner: string,
  outcome: { status: OutboxStatus; attemptedAt: string; error: string | null; nextAttemptAt?: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('mail_outbox')
      .set({
        status: outcome.status,
        attempts: sql`attempts + 1`,
        last_error: outcome.error,
        lease_until: null,
        lease_owner: null,
        ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
        ...(outcome.status === 'sent' || outcome.status === 'logged' ? { sent_at: outcome.attemptedAt } : {}),
      })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('mail_attempts')
      .values({ outbox_id: id, attempted_at: outcome.attemptedAt, error: outcome.error })
      .execute();
    return true;
  });
}

/** Gives a claimed row back without counting an attempt (the sender is stopping). */
export async function releaseMail(db: Db, id: number, owner: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ lease_until: null, lease_owner: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

export type MailHistory = OutboxEntry & { history: { attemptedAt: string; error: string | null }[] };

export async function mailsOfInquiry(db: Db, inquiryId: number): Promise<MailHistory[]> {
  const rows = await db.selectFrom('mail_outbox').select(columns).where('inquiry_id', '=', inquiryId).orderBy('id').execute();
  if (rows.length === 0) return [];
  const attempts = await db
    .selectFrom('mail_attempts')
    .select(['outbox_id', 'attempted_at', 'error'])
    .where(
      'outbox_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...toEntry(row),
    history: attempts.filter((a) => a.outbox_id === row.id).map((a) => ({ attemptedAt: a.attempted_at, error: a.error })),
  }));
}

/**
 * Queues the mail to the company again: a waiting one becomes due now, otherwise a new one is
 * added (the earlier rows stay as history).
 */
export async function requeueMail(db: Db, inquiryId: number, kind: OutboxKind, now: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const waiting = await trx
      .updateTable('mail_outbox')
      .set({ next_attempt_at: now })
      .where('inquiry_id', '=', inquiryId)
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(waiting.numUpdatedRows) === 0) await enqueueMail(trx, inquiryId, kind, now);
  });
}

/** What is waiting: mails still to be sent (due now or retried later), and since when the oldest due one has been due. */
export type OutboxBacklog = { pending: number; oldestDueAt: string | null };

export async function outboxBacklog(db: Db, now: string): Promise<OutboxBacklog> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as('pending'),
      eb.fn.min<string | null>(sql`case when next_attempt_at <= ${now} then next_attempt_at end`).as('oldest_due_at'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), oldestDueAt: row.oldest_due_at };
}
