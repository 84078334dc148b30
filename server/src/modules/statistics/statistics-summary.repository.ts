import type { Db } from '../../db/database';
import { deleteMails, lastSentAt, mailsQueuedBefore, queueMail } from '../../mail/outbox.repository';
import { enabledUserIds } from '../auth/users.repository';
import { inTransaction } from '../../db/transaction';

/** A user's weekly summary mail: whether it is on, where it goes, in which language. */
export type SummaryRecipient = { enabled: boolean; address: string; language: string };

export async function findSummaryRecipient(db: Db, userId: number): Promise<SummaryRecipient | undefined> {
  const row = await db
    .selectFrom('statistics_summary_recipients')
    .select(['enabled', 'address', 'language'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { enabled: Number(row.enabled) === 1, address: row.address, language: row.language };
}

/** Switches a user's summary on (with its address and language) or off (keeping the last address). */
export async function saveSummaryRecipient(
  db: Db,
  userId: number,
  change: { enabled: true; address: string; language: string } | { enabled: false },
  now: string,
): Promise<void> {
  if (change.enabled) {
    const values = { enabled: 1, address: change.address, language: change.language, updated_at: now };
    await db
      .insertInto('statistics_summary_recipients')
      .values({ user_id: userId, ...values })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
      .execute();
  } else {
    await db
      .updateTable('statistics_summary_recipients')
      .set({ enabled: 0, updated_at: now })
      .where('user_id', '=', userId)
      .execute();
  }
}

/** When the last summary mail of this user left the server (sent, or written to the log), if any. */
export async function lastSummarySentAt(db: Db, userId: number): Promise<string | null> {
  const mails = await db.selectFrom('statistics_summary_mails').select('outbox_id').where('user_id', '=', userId).execute();
  return lastSentAt(
    db,
    mails.map((mail) => mail.outbox_id),
  );
}

/**
 * Claims the week that begins on `week` (a Monday) and queues a summary mail for each user who
 * asks for one (of those not disabled), in one transaction: of several instances (or rounds)
 * trying at once exactly one claims it, and the others queue nothing. Nobody asking: nothing is
 * claimed, so that an admin who asks later that week still gets it. Answers how many were queued.
 */
export async function claimWeekAndQueue(db: Db, week: string, now: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const asking = await trx
      .selectFrom('statistics_summary_recipients')
      .select(['user_id', 'address', 'language'])
      .where('enabled', '=', 1)
      .orderBy('user_id')
      .execute();
    // Of the accounts not disabled (a deleted account's row went with it).
    const enabled = await enabledUserIds(
      trx,
      asking.map((r) => r.user_id),
    );
    const recipients = asking.filter((r) => enabled.has(r.user_id));
    if (recipients.length === 0) return 0;
    const claimed = await trx
      .insertInto('statistics_summary_weeks')
      .values({ week, queued_at: now })
      .onConflict((oc) => oc.column('week').doNothing())
      .returning('week')
      .executeTakeFirst();
    if (!claimed) return 0;
    for (const r of recipients) {
      const outboxId = await queueMail(trx, 'statisticsSummary', now);
      await trx
        .insertInto('statistics_summary_mails')
        .values({ outbox_id: outboxId, user_id: r.user_id, week, address: r.address, language: r.language })
        .execute();
    }
    return recipients.length;
  });
}

/** What a queued summary mail is: its week, address and language. */
export async function findSummaryMail(
  db: Db,
  outboxId: number,
): Promise<{ week: string; address: string; language: string } | undefined> {
  return db
    .selectFrom('statistics_summary_mails')
    .select(['week', 'address', 'language'])
    .where('outbox_id', '=', outboxId)
    .executeTakeFirst();
}

/** Summary mails queued before `before` (ISO time), with their outbox rows and attempts: a year is kept. */
export async function deleteOldSummaryMails(db: Db, before: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const old = await mailsQueuedBefore(trx, 'statisticsSummary', before);
    if (old.length === 0) return 0;
    await trx.deleteFrom('statistics_summary_mails').where('outbox_id', 'in', old).execute();
    return deleteMails(trx, old);
  });
}
