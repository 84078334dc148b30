import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. Issue 40: one network address may count at most a
// bounded number of visitors a day. `statistics_address_visitors` counts them per address, keyed
// by the day's salted hash of the address alone (never the address), and is deleted after its
// day like the visits; `left_out_views` counts the page views left out by the bound, so that the
// statistics can say what they do not show.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statistics_address_visitors')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('statistics_address_visitors_pk', ['day', 'address'])
    .execute();
  await db.schema
    .alterTable('statistics_days')
    .addColumn('left_out_views', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('statistics_days').dropColumn('left_out_views').execute();
  await db.schema.dropTable('statistics_address_visitors').execute();
}
