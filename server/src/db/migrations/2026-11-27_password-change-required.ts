import type { Kysely } from 'kysely';

// A password someone else chose (the generated first one) must be replaced at first use (ASVS 6.4.1).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('must_change_password').execute();
}
