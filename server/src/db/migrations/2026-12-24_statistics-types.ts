import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The inquiries of each day per inquiry type (issue
// 44: statistics count every type, those staff add too), kept like the other day aggregates.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statistics_types')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('inquiries', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('statistics_types_pk', ['day', 'type'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statistics_types').execute();
}
