import type { Kysely } from 'kysely';

// Roles (issue 31): every account is an admin, an editor or an inbox user; an inbox user may be
// limited to some inquiry types (a comma list; null: all). Accounts that exist already become
// admins. An account made by an admin waits for its invitation (`invited_at`) and may carry an
// e-mail address the link is mailed to. An invitation is stored as the SHA-256 of its token only.
// The order of the down: the outbox's invitation mails go with the table that names them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
    .execute();
  await db.schema.alterTable('users').addColumn('inquiry_types', 'text').execute();
  await db.schema.alterTable('users').addColumn('email', 'text').execute();
  await db.schema.alterTable('users').addColumn('invited_at', 'text').execute();
  // An account's open invitation: the link shown to the admin (`via` 'link') and, where mailed,
  // the one the mail carries ('mail', made when the mail is sent, so that no link is ever stored).
  // Either works once; using one ends both.
  await db.schema
    .createTable('user_invitations')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_invitations_user').on('user_invitations').column('user_id').execute();
  // The invitation mails the outbox is to send: to whom (the account's address when it is sent).
  await db.schema
    .createTable('invitation_mails')
    .addColumn('outbox_id', 'integer', (c) => c.primaryKey().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invitation_mails').execute();
  await db.deleteFrom('mail_outbox').where('kind', '=', 'invitation').execute();
  await db.schema.dropTable('user_invitations').execute();
  for (const column of ['invited_at', 'email', 'inquiry_types', 'role']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
