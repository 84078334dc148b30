import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The inbox's duplicates and unread marks (issue 42):
// each inquiry keeps its sender's e-mail address and phone number as they are compared
// (`email_key`, `phone_key`, indexed), filled here for the inquiries already stored; who has
// opened which inquiry is a table of its own, deleted with the inquiry. The rules below are a copy
// of modules/contact/contact-keys.ts as it was.

const emailKey = (email: string): string | null => email.trim().toLowerCase() || null;

function phoneKey(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) digits = `00${digits}`;
  if (digits.startsWith('0049')) {
    const national = digits.slice(4);
    digits = national.startsWith('0') ? national : `0${national}`;
  }
  return digits.length >= 6 ? digits : null;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('email_key', 'text').execute();
  await db.schema.alterTable('inquiries').addColumn('phone_key', 'text').execute();
  for (let after = 0; ;) {
    const rows: { id: number; email: string; phone: string }[] = await db
      .selectFrom('inquiries')
      .select(['id', 'email', 'phone'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await db
        .updateTable('inquiries')
        .set({ email_key: emailKey(row.email), phone_key: phoneKey(row.phone) })
        .where('id', '=', row.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
  await db.schema.createIndex('inquiries_email_key').on('inquiries').columns(['email_key', 'created_at']).execute();
  await db.schema.createIndex('inquiries_phone_key').on('inquiries').columns(['phone_key', 'created_at']).execute();

  await db.schema
    .createTable('inquiry_reads')
    .addColumn('inquiry_id', 'integer', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    // No foreign key, as an inquiry's assignee: an account deleted leaves rows nobody reads.
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('inquiry_reads_pk', ['user_id', 'inquiry_id'])
    .execute();
  await db.schema.createIndex('inquiry_reads_inquiry').on('inquiry_reads').column('inquiry_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inquiry_reads').execute();
  await db.schema.dropIndex('inquiries_phone_key').execute();
  await db.schema.dropIndex('inquiries_email_key').execute();
  await db.schema.alterTable('inquiries').dropColumn('phone_key').execute();
  await db.schema.alterTable('inquiries').dropColumn('email_key').execute();
}
