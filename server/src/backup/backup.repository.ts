import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { DatabaseKind } from '../db/database';
import { derivedInquiryTables } from '../modules/contact/inquiry-tables';
import { ephemeralStatisticsTables } from '../modules/statistics/statistics-tables';

// The SQL of backup and restore: generic, table by table, whatever columns the schema has, so a
// later migration needs no change here. Every function takes the database or the transaction.

type AnyDb = Kysely<any>;

export type Column = { name: string; type: string; autoIncrement: boolean };
export type Table = { name: string; columns: Column[] };

export function kindOf(db: AnyDb): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Tables a backup leaves out: Kysely's migration bookkeeping (the manifest names the migrations),
 * and the visitor statistics' day salts and visits, which must be gone after their day (decision
 * 025) — an archive would keep them for years. The counted aggregates are backed up. And the
 * instances' leases (housekeeping, the backup being written): they belong to the running site, and
 * a restored one would hold back the restored site's housekeeping and backups until it ran out.
 * And the inquiries' kept counts: the triggers that keep them count the restored inquiries as the
 * restore writes them (restored as well, they would be counted twice).
 */
const tablesNotBackedUp = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'leases',
  ...ephemeralStatisticsTables,
  ...derivedInquiryTables,
]);

type ColumnRow = { table_name: string; column_name: string; data_type: string; auto_increment: boolean };

/**
 * The columns of the tables in this connection's schema. Not Kysely's introspector: on
 * PostgreSQL it reads every schema of the database, and fails when another one is dropped meanwhile.
 */
async function postgresColumns(db: AnyDb): Promise<Map<string, Column[]>> {
  const { rows } = await sql<ColumnRow>`
    select c.relname as table_name, a.attname as column_name, t.typname as data_type,
      (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as auto_increment
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
    order by c.relname, a.attnum`.execute(db);
  const tables = new Map<string, Column[]>();
  for (const r of rows) {
    const columns = tables.get(r.table_name) ?? [];
    columns.push({ name: r.column_name, type: r.data_type, autoIncrement: r.auto_increment });
    tables.set(r.table_name, columns);
  }
  return tables;
}

async function sqliteColumns(db: AnyDb): Promise<Map<string, Column[]>> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  // A full-text index (a virtual table and its shadow tables) is rebuilt from its rows' table by
  // that table's triggers as the restore writes it.
  const { rows: indexes } = await sql<{ name: string }>`
    select name from pragma_table_list where schema = 'main' and type in ('virtual', 'shadow')`.execute(db);
  const derived = new Set(indexes.map((t) => t.name));
  return new Map(
    tables
      .filter((t) => !t.isView && !derived.has(t.name))
      .map((t) => [t.name, t.columns.map((c) => ({ name: c.name, type: c.dataType, autoIncrement: c.isAutoIncrementing }))]),
  );
}

async function parentTables(db: AnyDb, table: string): Promise<string[]> {
  const { rows } =
    kindOf(db) === 'sqlite'
      ? await sql<{ parent: string }>`select distinct "table" as parent from pragma_foreign_key_list(${table})`.execute(db)
      : await sql<{ parent: string }>`
          select distinct parent.relname as parent
          from pg_constraint c
          join pg_class child on child.oid = c.conrelid
          join pg_class parent on parent.oid = c.confrelid
          join pg_namespace n on n.oid = child.relnamespace
          where c.contype = 'f' and n.nspname = current_schema() and child.relname = ${table}`.execute(db);
  return rows.map((r) => r.parent).filter((parent) => parent !== table);
}

/**
 * The site's tables and columns as the database has them (of this connection's schema on
 * PostgreSQL), ordered so that a table comes after every table its foreign keys point at.
 */
export async function listTables(db: AnyDb): Promise<Table[]> {
  const columns = kindOf(db) === 'postgres' ? await postgresColumns(db) : await sqliteColumns(db);
  const found = [...columns.entries()]
    .filter(([name]) => !tablesNotBackedUp.has(name))
    .map(([name, cols]) => ({ name, columns: cols }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const parents = new Map<string, string[]>();
  for (const t of found) parents.set(t.name, await parentTables(db, t.name));
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (name: string) => {
    const table = found.find((t) => t.name === name);
    // A cycle of foreign keys (none today) cannot be ordered: its tables keep name order.
    if (!table || placed.has(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) place(parent);
    placed.add(name);
    ordered.push(table);
  };
  for (const t of found) place(t.name);
  return ordered;
}

/** The applied migrations, oldest first; none when the database has never been migrated. */
export async function appliedMigrations(db: AnyDb): Promise<string[]> {
  const { rows: found } =
    kindOf(db) === 'postgres'
      ? await sql`select 1 from pg_tables where schemaname = current_schema() and tablename = 'kysely_migration'`.execute(db)
      : await sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db);
  if (found.length === 0) return [];
  const rows = await db.selectFrom('kysely_migration').select('name').orderBy('name').execute();
  return rows.map((r) => r.name as string);
}

export async function countRows(db: AnyDb, table: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row['n']);
}

/**
 * Every row of the table, a batch at a time (never the whole table in memory). Run inside the
 * snapshot's transaction: PostgreSQL reads through a cursor, SQLite iterates its statement.
 */
export async function* tableRows(trx: AnyDb, table: string, batchSize = 500): AsyncGenerator<Record<string, unknown>> {
  if (kindOf(trx) === 'sqlite') {
    yield* trx.selectFrom(table).selectAll().stream(batchSize);
    return;
  }
  await sql`declare backup_rows no scroll cursor for select * from ${sql.table(table)}`.execute(trx);
  try {
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`fetch forward ${sql.lit(batchSize)} from backup_rows`.execute(trx);
      if (rows.length === 0) break;
      yield* rows;
    }
  } finally {
    await sql`close backup_rows`.execute(trx);
  }
}

export async function insertRows(trx: AnyDb, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto(table).values(rows).execute();
}

/** How far each auto-increment column has counted (SQLite: sqlite_sequence; PostgreSQL: its sequence). */
export async function sequencePositions(db: AnyDb, tables: Table[]): Promise<{ table: string; column: string; value: number }[]> {
  const columns = tables.flatMap((t) => t.columns.filter((c) => c.autoIncrement).map((c) => ({ table: t.name, column: c.name })));
  if (columns.length === 0) return [];
  if (kindOf(db) === 'sqlite') {
    const { rows } = await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`.execute(db);
    return columns.map(({ table, column }) => ({ table, column, value: Number(rows.find((r) => r.name === table)?.seq ?? 0) }));
  }
  const positions = [];
  for (const { table, column } of columns) {
    const sequence = await serialSequence(db, table, column);
    if (!sequence) continue;
    const { rows } = await sql<{ value: string; called: boolean }>`
      select last_value as value, is_called as called from ${sql.raw(sequence)}`.execute(db);
    positions.push({ table, column, value: rows[0]?.called ? Number(rows[0].value) : 0 });
  }
  return positions;
}

async function serialSequence(db: AnyDb, table: string, column: string): Promise<string | undefined> {
  const { rows } = await sql<{ sequence: string | null }>`
    select pg_get_serial_sequence(quote_ident(${table}), ${column}) as sequence`.execute(db);
  return rows[0]?.sequence ?? undefined;
}

/**
 * Sets the column's counter to at least `atLeast` and the highest id in the table, so that the
 * next insert gets a new id. PostgreSQL does not move a sequence when ids are inserted explicitly.
 */
export async function advanceSequence(trx: AnyDb, table: string, column: string, atLeast: number): Promise<void> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max(column).as('m'))
    .executeTakeFirst();
  const value = Math.max(atLeast, Number(row?.['m'] ?? 0));
  if (value < 1) return;
  if (kindOf(trx) === 'postgres') {
    const sequence = await serialSequence(trx, table, column);
    if (sequence) await sql`select setval(${sequence}::regclass, ${value}, true)`.execute(trx);
    return;
  }
  // SQLite keeps the largest id inserted already; only a higher high-water mark is written.
  const { rows } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx);
  if (rows.length === 0) await sql`insert into sqlite_sequence (name, seq) values (${table}, ${value})`.execute(trx);
  else if (Number(rows[0]!.seq) < value) await sql`update sqlite_sequence set seq = ${value} where name = ${table}`.execute(trx);
}
