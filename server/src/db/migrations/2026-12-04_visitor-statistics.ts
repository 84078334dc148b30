import type { Kysely } from 'kysely';

// Frozen in time. Visitor statistics (issue 32, decision 025): the day's salt, the visits of the
// last two days keyed by a salted hash (for uniqueness and for tracing inquiries; deleted after
// 48 hours), the daily aggregates (no address, user agent or hash), and where each inquiry came from.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statistics_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('statistics_visits')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('landing_path', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('statistics_visits_pk', ['day', 'visitor'])
    .execute();
  await db.schema
    .createTable('statistics_visit_pages')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('statistics_visit_pages_pk', ['day', 'visitor', 'path', 'language'])
    .execute();
  await db.schema
    .createTable('statistics_days')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('page_views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inquiries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('applications', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('statistics_pages')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inquiries', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('statistics_pages_pk', ['day', 'path', 'language'])
    .execute();
  await db.schema
    .createTable('statistics_sources')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('inquiries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('applications', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('statistics_sources_pk', ['day', 'source', 'campaign'])
    .execute();
  await db.schema
    .createTable('statistics_devices')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('statistics_devices_pk', ['day', 'device'])
    .execute();
  await db.schema
    .createTable('inquiry_origins')
    .addColumn('inquiry_id', 'integer', (c) => c.primaryKey().references('inquiries.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('landing_path', 'text', (c) => c.notNull())
    .addColumn('form_path', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'inquiry_origins',
    'statistics_devices',
    'statistics_sources',
    'statistics_pages',
    'statistics_days',
    'statistics_visit_pages',
    'statistics_visits',
    'statistics_salts',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
