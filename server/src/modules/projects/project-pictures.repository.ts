import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * The SQL of project-pictures.ts's look-ups on `projects`: which picture columns the table has, and
 * the values of one that may name a media key (the logic that reads them stays there).
 */

/** The columns `projects` has (in the connection's own schema on PostgreSQL). */
export async function projectColumnNames(db: Db): Promise<Set<string>> {
  const query =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<{
          name: string;
        }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'projects'`
      : sql<{ name: string }>`select name from pragma_table_info('projects')`;
  return new Set((await query.execute(db)).rows.map((row) => row.name));
}

/**
 * The values of `column` (one of `projects`' picture columns) in every row whose value holds one of
 * these keys in quotes: deleted rows too. A coarse filter: the caller parses what it finds.
 */
export async function projectValuesNaming(db: Db, column: string, keys: readonly string[]): Promise<unknown[]> {
  const rows = await db
    .selectFrom('projects')
    .select(sql.ref(column).as('value'))
    .where((eb) => eb.or(keys.map((key) => eb(sql.ref(column), 'like', `%"${key}"%`))))
    .execute();
  return (rows as { value: unknown }[]).map((row) => row.value);
}
