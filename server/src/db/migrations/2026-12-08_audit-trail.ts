import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. The audit trail (issue 31, decision 036): one row
// per change, written in the change's own transaction. `user_name` is the name at the time (the
// account may be renamed or deleted since). Categories gain `updated_at`, the version a save
// sends back (a stale one is refused with 409); existing rows start at their creation.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('audit_log')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('item_kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text')
    .addColumn('item_title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_item').on('audit_log').columns(['item_kind', 'item_id', 'at']).execute();
  await db.schema
    .alterTable('categories')
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .updateTable('categories')
    .set((eb) => ({ updated_at: eb.ref('created_at') }))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('updated_at').execute();
  await db.schema.dropTable('audit_log').execute();
}
