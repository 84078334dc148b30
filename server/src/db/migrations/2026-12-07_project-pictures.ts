import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. Issue 30: a project has several pictures, in
// order, the first the cover. The one `picture` (JSON of its variants) becomes the first item of
// the `pictures` list, with no alternative text yet, not decorative, its focal point in the
// centre; the list is a JSON column of the row, so that a project's values travel as one.
// Crops around the focal point are made when staff move the point (decision 034): until then the
// readers crop the centre, which is where the point is.

type Row = { id: number; picture: string | null; pictures?: string };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('pictures', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
  const rows = (await db.selectFrom('projects').select(['id', 'picture']).where('picture', 'is not', null).execute()) as Row[];
  for (const row of rows) {
    const picture = JSON.parse(row.picture!) as Record<string, unknown>;
    const item = { ...picture, alt: [], focus: { x: 0.5, y: 0.5 }, decorative: false };
    await db
      .updateTable('projects')
      .set({ pictures: JSON.stringify([item]) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.alterTable('projects').dropColumn('picture').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('picture', 'text').execute();
  const rows = (await db.selectFrom('projects').select(['id', 'pictures']).execute()) as Row[];
  for (const row of rows) {
    const cover = (JSON.parse(row.pictures!) as Record<string, unknown>[])[0];
    if (!cover) continue;
    await db
      .updateTable('projects')
      .set({ picture: JSON.stringify({ width: cover['width'], height: cover['height'], variants: cover['variants'] }) })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema.alterTable('projects').dropColumn('pictures').execute();
}
