import type { Kysely } from 'kysely';

// A display name per account (issue 40): the first admin's generated sign-in name (admin-5c1e9a07)
// stays the sign-in name, and the dashboard, the accounts list and the audit trail show the
// name a person chose. Null: none, the sign-in name is shown.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('display_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('display_name').execute();
}
