import { type Kysely, sql } from 'kysely';

// Category names are unique regardless of case. The service checks that first (with German
// case folding); this index makes two parallel creates of "Industrie" and "industrie" fail too.
// lower() folds ASCII on SQLite and everything on PostgreSQL; the service covers the rest.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('categories_name_folded_unique')
    .on('categories')
    .unique()
    .expression(sql`lower(name)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('categories_name_folded_unique').execute();
}
