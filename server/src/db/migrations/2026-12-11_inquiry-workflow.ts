import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen in time, written against Kysely<any>. The inbox's workflow (issue 42): an inquiry's
// status is new, inProgress, answered or closed ("handled" becomes closed), it may be assigned to a
// colleague and given a follow-up day; internal notes and the time line of what staff did with
// it are its own tables, deleted with it. Names are kept as they were (`by_name`): the time line
// still says who did something after that account is gone.
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = () => ['id', pg ? 'serial' : 'integer', (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement())] as const;

  await db.updateTable('inquiries').set({ status: 'closed' }).where('status', '=', 'handled').execute();
  // No foreign key (SQLite could not drop the column again): disabling or deleting an account
  // unassigns its inquiries in the same transaction.
  await db.schema.alterTable('inquiries').addColumn('assignee_id', 'integer').execute();
  await db.schema.alterTable('inquiries').addColumn('follow_up_on', 'text').execute();
  await db.schema
    .createIndex('inquiries_assignee')
    .on('inquiries')
    .columns(['spam', 'assignee_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('inquiries_follow_up').on('inquiries').columns(['spam', 'follow_up_on']).execute();

  await db.schema
    .createTable('inquiry_notes')
    .addColumn(...id())
    .addColumn('inquiry_id', 'integer', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by_id', 'integer')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inquiry_notes_inquiry').on('inquiry_notes').columns(['inquiry_id', 'id']).execute();

  await db.schema
    .createTable('inquiry_events')
    .addColumn(...id())
    .addColumn('inquiry_id', 'integer', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by_id', 'integer')
    .addColumn('by_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text')
    .execute();
  await db.schema.createIndex('inquiry_events_inquiry').on('inquiry_events').columns(['inquiry_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inquiry_events').execute();
  await db.schema.dropTable('inquiry_notes').execute();
  await db.schema.dropIndex('inquiries_follow_up').execute();
  await db.schema.dropIndex('inquiries_assignee').execute();
  await db.schema.alterTable('inquiries').dropColumn('follow_up_on').execute();
  await db.schema.alterTable('inquiries').dropColumn('assignee_id').execute();
  // An older release knows new and handled only.
  await db.updateTable('inquiries').set({ status: 'handled' }).where('status', '=', 'closed').execute();
  await db.updateTable('inquiries').set({ status: 'new' }).where('status', 'in', ['inProgress', 'answered']).execute();
}
