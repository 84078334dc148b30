import { sql } from 'kysely';
import type { Db, DatabaseKind } from '../db/database';
import { inTransaction } from '../db/transaction';

/**
 * What a queued mail is: the key of its handler (outbox.ts), which the module it belongs to
 * hands in with its record (modules/registry/site-module.ts); the outbox knows no kind itself.
 * Nor whose mail it is: that module names the row a mail belongs to in a table of its own, keyed
 * by the outbox id (`inquiry_mails`, `invitation_mails`, `statistics_summary_mails`).
 */
export type OutboxKind = string;
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'logged';

export type OutboxEntry = {
  id: number;
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
    kind: row.kind,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

const columns = ['id', 'kind', 'status', 'attempts', 'next_attempt_at', 'last_error', 'created_at', 'sent_at'] as const;

/**
 * Queues a mail of `kind`; answers its id, by which the module that queued it names what the mail
 * is about (in the same transaction, so that no mail is sent without it) and its handler finds it.
 */
export async function queueMail(db: Db, kind: OutboxKind, now: string): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({ kind, status: 'pending', attempts: 0, next_attempt_at: now, created_at: now })
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

/**
 * Settles a claimed mail if `owner` still holds it; false when the lease was lost or the row is gone.
 * `alsoRecord` writes, in the same transaction, what the mail's owner derives from it (an inquiry's
 * delivery status), so no reader sees the mail sent and its inquiry still pending.
 */
export async function settleMail(
  db: Db,
  id: number,
  owner: string,
  outcome: { status: OutboxStatus; attemptedAt: string; error: string | null; nextAttemptAt?: string },
  alsoRecord?: (trx: Db) => Promise<void>,
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
    await alsoRecord?.(trx);
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

/** These mails with their attempts, oldest first (the mails of one inquiry, named by its module). */
export async function mailsWithHistory(db: Db, ids: readonly number[]): Promise<MailHistory[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('mail_outbox').select(columns).where('id', 'in', ids).orderBy('id').execute();
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

/** Makes the waiting mails of `kind` among these due `now`; false if none of them was waiting. */
export async function makeWaitingMailsDue(db: Db, ids: readonly number[], kind: OutboxKind, now: string): Promise<boolean> {
  if (ids.length === 0) return false;
  const waiting = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: now })
    .where('id', 'in', ids)
    .where('kind', '=', kind)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(waiting.numUpdatedRows) > 0;
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

/** The mails of `kind` queued before `before` (ISO time), by id. */
export async function mailsQueuedBefore(db: Db, kind: OutboxKind, before: string): Promise<number[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('kind', '=', kind)
    .where('created_at', '<', before)
    .execute();
  return rows.map((row) => row.id);
}

/** Deletes these mails with their attempts (the module that queued them deleted its rows naming them first); answers how many went. */
export async function deleteMails(trx: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  await trx.deleteFrom('mail_attempts').where('outbox_id', 'in', ids).execute();
  const result = await trx.deleteFrom('mail_outbox').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** When the last of these mails left the server (sent, or written to the log); null if none has. */
export async function lastSentAt(db: Db, ids: readonly number[]): Promise<string | null> {
  if (ids.length === 0) return null;
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.max<string | null>('sent_at').as('sent_at'))
    .where('id', 'in', ids)
    .executeTakeFirst();
  return row?.sent_at ?? null;
}
