import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase, testDatabaseUrl } from '../test/helper';
import { type Db, type DatabaseKind, nowIso } from './database';
import { NewerDatabaseError, hasMigrationTable, migrateDown, migrateToLatest, migrateUp, migrationStatus } from './migrate';

/** Tables with their columns, and indexes with their definitions: what a migration changes. */
async function schemaOf(db: Db, kind: DatabaseKind): Promise<unknown> {
  const columns =
    kind === 'sqlite'
      ? await sql<Record<string, unknown>>`
          select m.name as t, p.name as c, p.type, p."notnull" as nn, p.dflt_value as def, p.pk
          from sqlite_master m join pragma_table_info(m.name) p
          where m.type = 'table' and m.name not like 'kysely%' and m.name not like 'sqlite%'
          order by t, c`.execute(db)
      : await sql<Record<string, unknown>>`
          select table_name as t, column_name as c, data_type as type, is_nullable as nn, column_default as def
          from information_schema.columns
          where table_schema = current_schema() and table_name not like 'kysely%'
          order by t, c`.execute(db);
  const indexes =
    kind === 'sqlite'
      ? await sql<Record<string, unknown>>`
          select name, tbl_name, sql from sqlite_master
          where type = 'index' and tbl_name not like 'kysely%' order by name`.execute(db)
      : await sql<Record<string, unknown>>`
          select indexname as name, indexdef as sql from pg_indexes
          where schemaname = current_schema() and tablename not like 'kysely%' order by name`.execute(db);
  return { columns: columns.rows, indexes: indexes.rows };
}

describe.each(databaseKinds)('migrations on %s', (kind) => {
  it('each undo (down) restores the schema from before it, and each can be applied again (up)', async () => {
    const { db } = await freshDatabase(kind);
    expect(await hasMigrationTable(db)).toBe(false);
    const names = (await migrationStatus(db)).map((m) => m.name);
    const before = [await schemaOf(db, kind)];
    for (const name of names) {
      expect(await migrateUp(db)).toBe(name);
      before.push(await schemaOf(db, kind));
    }
    expect(await migrateUp(db)).toBeUndefined();
    expect(await hasMigrationTable(db)).toBe(true);
    for (let i = names.length - 1; i >= 0; i--) {
      expect(await migrateDown(db)).toBe(names[i]);
      expect(await schemaOf(db, kind), `down of ${names[i]}`).toEqual(before[i]);
      // up → down → up: the migration applies again onto what its down left.
      expect(await migrateUp(db)).toBe(names[i]);
      expect(await schemaOf(db, kind), `up again of ${names[i]}`).toEqual(before[i + 1]);
      expect(await migrateDown(db)).toBe(names[i]);
    }
    expect(await migrateDown(db)).toBeUndefined();
    expect((await migrationStatus(db)).every((m) => m.appliedAt === null)).toBe(true);
    expect(await migrateToLatest(db)).toEqual(names);
    expect(await schemaOf(db, kind)).toEqual(before.at(-1));
  }, 120_000); // every migration three times over: grows with each one

  it.runIf(kind === 'postgres')('run while other schemas of the database come and go', async () => {
    // Other instances migrating, or other tests: Kysely's own introspection failed on those.
    const { db } = await freshDatabase(kind);
    const churn = new pg.Client({ connectionString: testDatabaseUrl });
    await churn.connect();
    let running = true;
    const churning = (async () => {
      for (let i = 0; running; i++) {
        const schema = `churn_${process.pid}_${i}`;
        const tables = Array.from({ length: 20 }, (_, t) => `create table ${schema}.t${t} (id serial primary key, name text);`);
        await churn.query(`create schema ${schema}; ${tables.join(' ')}`);
        await churn.query(`alter table ${schema}.t0 drop column name; drop schema ${schema} cascade`);
      }
    })();
    try {
      for (let round = 0; round < 3; round++) {
        await migrateToLatest(db);
        while ((await migrateDown(db)) !== '2026-11-23_contact-inquiries');
      }
      await migrateToLatest(db);
      expect((await db.introspection.getTables()).map((t) => t.schema)).not.toContain(expect.stringMatching(/^churn_/));
    } finally {
      running = false;
      await churning;
      await churn.end();
    }
  });

  it.runIf(kind === 'postgres')('wait for a migration of their own schema only, never of another', async () => {
    const mine = await freshDatabase(kind);
    const other = await freshDatabase(kind);
    const holder = new pg.Client({ connectionString: testDatabaseUrl });
    await holder.connect();
    try {
      // Another schema migrating (its lock held) does not hold this one up.
      const otherSchema = (await sql<{ s: string }>`select current_schema() as s`.execute(other.db)).rows[0]!.s;
      await holder.query(`select pg_advisory_lock(${0x6d696772}, hashtext($1))`, [otherSchema]);
      expect((await migrateToLatest(mine.db)).length).toBeGreaterThan(0);
      await holder.query('select pg_advisory_unlock_all()');
      // Its own lock held elsewhere: the run waits for it.
      const mineSchema = (await sql<{ s: string }>`select current_schema() as s`.execute(mine.db)).rows[0]!.s;
      await holder.query(`select pg_advisory_lock(${0x6d696772}, hashtext($1))`, [mineSchema]);
      let done = false;
      const run = migrateDown(mine.db).then(() => (done = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(done).toBe(false);
      await holder.query('select pg_advisory_unlock_all()');
      await run;
      expect(done).toBe(true);
    } finally {
      await holder.end();
    }
  });

  it('lists applied migrations with their time, and pending ones', async () => {
    const { db } = await freshDatabase(kind);
    const startedAt = Date.now();
    await migrateUp(db);
    const [first, ...rest] = await migrationStatus(db);
    expect(first!.known).toBe(true);
    expect(first!.appliedAt!.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((m) => m.appliedAt === null && m.known)).toBe(true);
  });

  it('refuse a database a newer release migrated, naming its migration', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    await sql`insert into kysely_migration (name, timestamp) values ('2099-01-01_from-the-future', ${new Date().toISOString()})`.execute(
      db,
    );
    const refused = migrateToLatest(db);
    await expect(refused).rejects.toBeInstanceOf(NewerDatabaseError);
    await expect(refused).rejects.toThrow(
      'the database was migrated by a newer release (2099-01-01_from-the-future); start that release or restore a backup',
    );
    await expect(migrateDown(db)).rejects.toBeInstanceOf(NewerDatabaseError);
    const status = await migrationStatus(db);
    expect(status.at(-1)).toMatchObject({ name: '2099-01-01_from-the-future', known: false });
  });

  it('create every table once and are safe to run again', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    await migrateToLatest(db);
    const tables = (await db.introspection.getTables()).map((t) => t.name);
    for (const table of [
      'users',
      'categories',
      'category_translations',
      'projects',
      'project_texts',
      'inquiries',
      'inquiry_attachments',
      'mail_outbox',
      'mail_attempts',
      'settings',
      'login_throttle',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it('refuse a category name that differs only in case, even past the service', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    await db.insertInto('categories').values({ name: 'Industrie', created_at: nowIso() }).execute();
    await expect(db.insertInto('categories').values({ name: 'industrie', created_at: nowIso() }).execute()).rejects.toThrow();
  });

  it('enforce foreign keys: deleting a category keeps its projects without one, deleting a project removes its texts', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    const now = nowIso();
    const category = await db
      .insertInto('categories')
      .values({ name: 'industry', created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const project = await db
      .insertInto('projects')
      .values({
        location: 'Hanau',
        work_duration: '',
        client: '',
        category_id: category.id,
        pictures: '[]',
        created_at: now,
        updated_at: now,
        order_key: 'a0',
        location_folded: 'hanau',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('project_texts')
      .values({ project_id: project.id, field: 'title', language: 2, content: 'Ä', content_folded: 'ä' })
      .execute();
    await db.deleteFrom('categories').where('id', '=', category.id).execute();
    const kept = await db.selectFrom('projects').select('category_id').where('id', '=', project.id).executeTakeFirstOrThrow();
    expect(kept.category_id).toBeNull();
    await db.deleteFrom('projects').where('id', '=', project.id).execute();
    const texts = await db
      .selectFrom('project_texts')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(texts.n)).toBe(0);
    await expect(
      db.insertInto('category_translations').values({ category_id: 9999, language: 1, content: 'x' }).execute(),
    ).rejects.toThrow();
  });
});
