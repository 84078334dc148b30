import { type Kysely, sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import type { DatabaseKind } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { databaseKinds, freshDatabase, migratedDatabase } from './helper';

/** What a schema is made of, as the database describes it, without the schema's own name. */
async function shape(db: Kysely<any>, kind: DatabaseKind): Promise<unknown> {
  if (kind === 'sqlite') {
    const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master order by type, name`.execute(db);
    const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return { objects: rows, migrations: migrations.rows };
  }
  const { rows: schemaRows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = schemaRows[0]!.schema;
  const anonymous = (text: string) => text.replaceAll(schema, 'SCHEMA');
  const columns = await sql<Record<string, unknown>>`
    select table_name, column_name, data_type, is_nullable, column_default, is_generated, generation_expression
    from information_schema.columns where table_schema = ${schema} order by table_name, column_name`.execute(db);
  const indexes = await sql<{ indexdef: string }>`
    select indexdef from pg_indexes where schemaname = ${schema} order by indexname`.execute(db);
  const constraints = await sql<{ conname: string; def: string }>`
    select c.conname, pg_get_constraintdef(c.oid) as def from pg_constraint c
    join pg_namespace n on n.oid = c.connamespace where n.nspname = ${schema} order by c.conname`.execute(db);
  const triggers = await sql<{ tgname: string; def: string }>`
    select t.tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and not t.tgisinternal order by t.tgname`.execute(db);
  const functions = await sql<{ proname: string; src: string }>`
    select p.proname, p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = ${schema} order by p.proname`.execute(db);
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return {
    columns: columns.rows.map((row) => JSON.parse(anonymous(JSON.stringify(row)))),
    indexes: indexes.rows.map((row) => anonymous(row.indexdef)),
    constraints: constraints.rows.map((row) => ({ ...row, def: anonymous(row.def) })),
    triggers: triggers.rows.map((row) => ({ ...row, def: anonymous(row.def) })),
    functions: functions.rows,
    migrations: migrations.rows,
  };
}

describe.each(databaseKinds)('the test apps’ migrated database on %s', (kind) => {
  it('is made from the run’s template, and is what migrating an empty database makes', async () => {
    const templates = inject('migratedTemplates');
    expect(kind === 'sqlite' ? templates.sqliteFile : templates.postgresDump).toBeDefined();
    const copied = await migratedDatabase(kind);
    const migrated = await freshDatabase(kind);
    await migrateToLatest(migrated.db);
    const expected = await shape(migrated.db, kind);
    expect(await shape(copied.db, kind)).toEqual(expected);
    // Nothing left to migrate in the copy: the app's start finds it at this release.
    expect(await migrateToLatest(copied.db)).toEqual([]);
  });
});
