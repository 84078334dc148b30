import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { generateNKeysBetween } from 'fractional-indexing';

// Frozen in time, written against Kysely<any>. The staff's order of the reference projects and
// their featured selection (decision 031): each a fractional key (base-62 text, "a0" < "a0V" <
// "a1"), compared byte by byte on both databases — SQLite's BINARY collation, and "C" on
// PostgreSQL, whose database collation would put "a0v" before "a0V". `featured_key` is null for a
// project that is not featured. The existing projects get keys in today's order: newest first.
// `location_folded`: the location as the dashboard's search compares it (text-search.ts's fold).
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const keyType = pg ? sql`text collate "C"` : sql`text`;
  await db.schema
    .alterTable('projects')
    .addColumn('order_key', keyType, (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('projects').addColumn('featured_key', keyType).execute();
  await db.schema
    .alterTable('projects')
    .addColumn('location_folded', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  const rows: { id: number; location: string }[] = await db
    .selectFrom('projects')
    .select(['id', 'location'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const keys = generateNKeysBetween(null, null, rows.length);
  for (const [i, row] of rows.entries()) {
    await db
      .updateTable('projects')
      .set({ order_key: keys[i], location_folded: row.location.normalize('NFC').toLowerCase() })
      .where('id', '=', row.id)
      .execute();
  }

  await db.schema.createIndex('projects_order_key_idx').on('projects').column('order_key').unique().execute();
  await db.schema.createIndex('projects_featured_key_idx').on('projects').column('featured_key').unique().execute();
  // A category's projects in the staff's order, straight from the index.
  await db.schema.createIndex('projects_category_order_idx').on('projects').columns(['category_id', 'order_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('projects_category_order_idx').execute();
  await db.schema.dropIndex('projects_featured_key_idx').execute();
  await db.schema.dropIndex('projects_order_key_idx').execute();
  await db.schema.alterTable('projects').dropColumn('location_folded').execute();
  await db.schema.alterTable('projects').dropColumn('featured_key').execute();
  await db.schema.alterTable('projects').dropColumn('order_key').execute();
}
