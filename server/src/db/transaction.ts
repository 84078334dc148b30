import type { Db } from './database';

/** Runs `work` in a transaction, or in the caller's one: repository writes compose into larger ones. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
