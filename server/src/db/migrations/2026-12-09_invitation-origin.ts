import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. Issue 40: an invitation's mailed link uses the
// address the admin invited from, as the link shown does (during a move the saved public address
// may still serve the old site). Null for mails queued before: the public address, as then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitation_mails').addColumn('origin', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invitation_mails').dropColumn('origin').execute();
}
