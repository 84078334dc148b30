import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../../test/helper';
import { migrateTo } from '../migrate';
import { down, up } from './2026-12-07_project-pictures';

const picture = {
  width: 1200,
  height: 800,
  variants: [{ key: 'projects/0123456789abcdef0123-960.webp', width: 960, height: 640, type: 'image/webp', bytes: 10 }],
};

describe.each(databaseKinds)('migration 2026-12-07_project-pictures on %s', (kind) => {
  it('makes the one picture the first of the list, without texts, not decorative, its point in the centre; and goes down again', async () => {
    const { db } = await freshDatabase(kind);
    const anyDb = db as unknown as Kysely<any>;
    await migrateTo(db, '2026-12-06_sample-content-flag');
    for (const [i, value] of [JSON.stringify(picture), null].entries()) {
      await anyDb
        .insertInto('projects')
        .values({
          location: `Ort ${i}`,
          location_folded: `ort ${i}`,
          order_key: `a${i}`,
          work_duration: '',
          client: '',
          category_id: null,
          picture: value,
          created_at: '2025-01-01T00:00:00.000Z',
          updated_at: '2025-01-01T00:00:00.000Z',
        })
        .execute();
    }
    await up(anyDb);
    const rows = await anyDb.selectFrom('projects').selectAll().orderBy('id').execute();
    expect(rows.map((r) => JSON.parse(r.pictures))).toEqual([
      [{ ...picture, alt: [], focus: { x: 0.5, y: 0.5 }, decorative: false }],
      [],
    ]);
    expect(rows[0]).not.toHaveProperty('picture');

    await down(anyDb);
    const back = await anyDb.selectFrom('projects').selectAll().orderBy('id').execute();
    expect(back.map((r) => (r.picture ? JSON.parse(r.picture) : null))).toEqual([picture, null]);
    expect(back[0]).not.toHaveProperty('pictures');
  });
});
