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
