import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../../test/helper';
import { migrateTo } from '../migrate';
import { down, up } from './2026-12-05_project-order';

describe.each(databaseKinds)('migration 2026-12-05_project-order on %s', (kind) => {
  it('gives the existing projects keys in the order the gallery showed them (newest first), and goes down again', async () => {
    const { db } = await freshDatabase(kind);
    const anyDb = db as unknown as Kysely<any>;
    await migrateTo(db, '2026-12-04_visitor-statistics');
    const dates = ['2024-03-01', '2025-01-15', '2023-07-30', '2025-01-15'];
    for (const [i, day] of dates.entries()) {
      await anyDb
        .insertInto('projects')
        .values({
          location: `Ört ${i} HANAU`,
          work_duration: '',
          client: '',
          category_id: null,
          picture: null,
          created_at: `${day}T09:00:00.000Z`,
          updated_at: `${day}T09:00:00.000Z`,
        })
        .execute();
    }
    await up(anyDb);
    const rows = await db.selectFrom('projects').select(['id', 'order_key', 'featured_key', 'location_folded']).execute();
    const byKey = [...rows].sort((a, b) => (a.order_key < b.order_key ? -1 : 1));
    // Newest first; of two on the same day, the later id first (as the list ordered them).
    expect(byKey.map((r) => r.id)).toEqual([4, 2, 1, 3]);
    expect(new Set(rows.map((r) => r.order_key)).size).toBe(4);
    expect(rows.every((r) => r.featured_key === null)).toBe(true);
    expect(rows.find((r) => r.id === 1)?.location_folded).toBe('ört 0 hanau');
    // The database orders by the keys as JavaScript compares them.
    const ordered = await db.selectFrom('projects').select('id').orderBy('order_key').execute();
    expect(ordered.map((r) => r.id)).toEqual([4, 2, 1, 3]);

    await down(anyDb);
    const columns = (await db.introspection.getTables()).find((t) => t.name === 'projects')!.columns.map((c) => c.name);
    expect(columns).not.toContain('order_key');
    expect(columns).not.toContain('featured_key');
    expect(columns).not.toContain('location_folded');
  });
});
