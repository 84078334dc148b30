import type { Kysely } from 'kysely';

// Frozen in time, written against Kysely<any>. The inbox's search and filters (decision 016,
// figures in docs/benchmarks.md):
// - `search_folded`: name, e-mail, company and message, lower-cased in JavaScript, so that a
//   case-insensitive search means the same on both databases (SQLite's lower() and LIKE fold
//   ASCII only); existing rows are filled here, in batches.
// - (spam, created_at, id): the list's order and its count straight from one index (the count
//   scanned the whole table); each filter gets the same with its column after `spam`, which
//   also serves retention (subject, created_at), so the older (subject, created_at) index goes.

const fold = (text: string) => text.normalize('NFC').toLowerCase();

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('inquiries')
    .addColumn('search_folded', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('inquiries')
      .select(['id', 'first_name', 'last_name', 'email', 'company_name', 'message'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const text = fold([`${r.first_name} ${r.last_name}`, r.email, r.company_name ?? '', r.message].join('\n'));
      await db.updateTable('inquiries').set({ search_folded: text }).where('id', '=', r.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
  await db.schema.createIndex('inquiries_list_idx').on('inquiries').columns(['spam', 'created_at', 'id']).execute();
  for (const column of ['subject', 'delivery_status', 'status']) {
    await db.schema
      .createIndex(`inquiries_${column}_list_idx`)
      .on('inquiries')
      .columns(['spam', column, 'created_at', 'id'])
      .execute();
  }
  await db.schema.dropIndex('inquiries_subject_created_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('inquiries_subject_created_idx').on('inquiries').columns(['subject', 'created_at']).execute();
  for (const column of ['subject', 'delivery_status', 'status']) {
    await db.schema.dropIndex(`inquiries_${column}_list_idx`).execute();
  }
  await db.schema.dropIndex('inquiries_list_idx').execute();
  await db.schema.alterTable('inquiries').dropColumn('search_folded').execute();
}
