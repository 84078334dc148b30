import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. An operator can disable an account (it cannot
// sign in, its sign-ins end) without deleting it and what it did; and the last sign-in is kept
// for `npm run admin -- list-users`.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
