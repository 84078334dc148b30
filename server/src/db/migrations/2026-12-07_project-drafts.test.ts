import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../../test/helper';
import { migrateTo } from '../migrate';
import { down, up } from './2026-12-07_project-drafts';

describe.each(databaseKinds)('migration 2026-12-07_project-drafts on %s', (kind) => {
  it('keeps every project published, copies location and work duration into both languages, and goes down again', async () => {
    const { db } = await freshDatabase(kind);
    const anyDb = db as unknown as Kysely<any>;
    await migrateTo(db, '2026-12-06_sample-content-flag');
    for (const [i, [location, duration]] of [
      ['München', 'März – Juni 2025'],
      ['', ''],
    ].entries()) {
      await anyDb
        .insertInto('projects')
        .values({
          location,
          work_duration: duration,
          client: '',
          category_id: null,
          picture: null,
          created_at: '2025-01-01T00:00:00.000Z',
          updated_at: '2025-01-01T00:00:00.000Z',
          order_key: `a${i}`,
        })
        .execute();
    }
    await up(anyDb);
    const rows = await anyDb.selectFrom('projects').select(['id', 'published', 'draft']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, published: 1, draft: null },
      { id: 2, published: 1, draft: null },
    ]);
    const texts = await anyDb
      .selectFrom('project_texts')
      .select(['project_id', 'field', 'language', 'content', 'content_folded'])
      .orderBy('project_id')
      .orderBy('field')
      .orderBy('language')
      .execute();
    expect(texts).toEqual([
      { project_id: 1, field: 'duration', language: 1, content: 'März – Juni 2025', content_folded: 'märz – juni 2025' },
      { project_id: 1, field: 'duration', language: 2, content: 'März – Juni 2025', content_folded: 'märz – juni 2025' },
      { project_id: 1, field: 'location', language: 1, content: 'München', content_folded: 'münchen' },
      { project_id: 1, field: 'location', language: 2, content: 'München', content_folded: 'münchen' },
    ]);

    await down(anyDb);
    const columns = (await db.introspection.getTables()).find((t) => t.name === 'projects')!.columns.map((c) => c.name);
    expect(columns).not.toContain('published');
    expect(columns).not.toContain('draft');
    expect(await anyDb.selectFrom('project_texts').selectAll().execute()).toEqual([]);
  });
});
