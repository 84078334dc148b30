import type { Kysely } from 'kysely';

// Roles (issue 31): every account is an admin, an editor or an inbox user; an inbox user may be
// limited to some inquiry types (a comma list; null: all). Accounts that exist already become
// admins. An account made by an admin waits for its invitation (`invited_at`) and may carry an
// e-mail address the link is mailed to. An invitation is stored as the SHA-256 of its token only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
    .execute();
  await db.schema.alterTable('users').addColumn('inquiry_types', 'text').execute();
  await db.schema.alterTable('users').addColumn('email', 'text').execute();
  await db.schema.alterTable('users').addColumn('invited_at', 'text').execute();
  await db.schema
    .createTable('user_invitations')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_invitations').execute();
  for (const column of ['invited_at', 'email', 'inquiry_types', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
