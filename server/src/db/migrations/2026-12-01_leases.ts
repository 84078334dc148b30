import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. A lease names the one instance, among all that
// share the database, that does a piece of background work (housekeeping) until a time.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('until', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leases').execute();
}
