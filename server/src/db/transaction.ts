import { PostgresAdapter } from 'kysely';
import type { Db } from './database';

/**
 * Runs `work` in a transaction, or in the caller's one: repository writes compose into larger
 * ones. A failed transaction is rolled back, and the error that made it fail is the one thrown:
 * SQLite rolls back by itself on some errors (a full disk: SQLITE_FULL), and the then failing
 * second rollback ("no transaction is active") must not hide the cause (a 503, not a 500).
 */
export async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const trx = await db.startTransaction().execute();
  try {
    const result = await work(trx);
    await trx.commit().execute();
    return result;
  } catch (error) {
    if (!trx.isCommitted)
      await trx
        .rollback()
        .execute()
        .catch(() => {});
    throw error;
  }
}

/**
 * Runs `work`, a read of several statements, on one state of the database: an inquiry's status
 * and its mails as of the same moment. PostgreSQL: a REPEATABLE READ, read-only transaction;
 * SQLite: a transaction on its one connection, which no write reaches meanwhile.
 */
export async function inSnapshot<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  const transaction =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only')
      : db.transaction();
  return transaction.execute(work);
}
