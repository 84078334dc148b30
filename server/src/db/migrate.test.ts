import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../test/helper';
import { nowIso } from './database';
import { migrateToLatest } from './migrate';

describe.each(databaseKinds)('migrations on %s', (kind) => {
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
        picture: null,
        created_at: now,
        updated_at: now,
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
