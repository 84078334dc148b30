import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time: later changes get a migration of their own.
// Written against Kysely<any> so it never follows the app's current types.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const id = (name = 'id') =>
    [name, pg ? 'serial' : 'integer', (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement())] as const;

  await db.schema
    .createTable('users')
    .addColumn(...id())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn(...id())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('category_translations')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('language', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_translations_pk', ['category_id', 'language'])
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn(...id())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('work_duration', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
    .addColumn('picture', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_created_idx').on('projects').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('projects_category_idx').on('projects').column('category_id').execute();

  await db.schema
    .createTable('project_texts')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('language', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_folded', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('project_texts_pk', ['project_id', 'field', 'language'])
    .execute();
  await db.schema.createIndex('project_texts_field_idx').on('project_texts').columns(['field', 'project_id']).execute();

  await db.schema
    .createTable('inquiries')
    .addColumn(...id())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text')
    .addColumn('company_address', 'text')
    .addColumn('building_size', 'text')
    .addColumn('regards', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('delivery_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('handled_at', 'text')
    .execute();
  await db.schema.createIndex('inquiries_created_idx').on('inquiries').column('created_at').execute();

  await db.schema
    .createTable('inquiry_attachments')
    .addColumn(...id())
    .addColumn('inquiry_id', 'integer', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inquiry_attachments_inquiry_idx').on('inquiry_attachments').column('inquiry_id').execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn(...id())
    .addColumn('inquiry_id', 'integer', (c) => c.references('inquiries.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('mail_attempts')
    .addColumn(...id())
    .addColumn('outbox_id', 'integer', (c) => c.notNull().references('mail_outbox.id').onDelete('cascade'))
    .addColumn('attempted_at', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'mail_attempts',
    'mail_outbox',
    'inquiry_attachments',
    'inquiries',
    'project_texts',
    'projects',
    'category_translations',
    'categories',
    'login_throttle',
    'settings',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
