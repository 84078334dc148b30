import { PostgresAdapter, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database';
import * as initial from './migrations/2026-11-22_initial';
import * as contactInquiries from './migrations/2026-11-23_contact-inquiries';
import * as projectListIndexes from './migrations/2026-11-24_project-list-indexes';
import * as categoryNameCaseInsensitive from './migrations/2026-11-25_category-name-case-insensitive';
import * as adminSessions from './migrations/2026-11-26_admin-sessions';
import * as passwordChangeRequired from './migrations/2026-11-27_password-change-required';
import * as secondFactor from './migrations/2026-11-28_second-factor';
import * as inquirySearch from './migrations/2026-11-30_inquiry-search';

// Migrations are listed here (not read from disk) so that the bundled server carries them.
const migrations: Record<string, Migration> = {
  '2026-11-22_initial': initial,
  '2026-11-23_contact-inquiries': contactInquiries,
  '2026-11-24_project-list-indexes': projectListIndexes,
  '2026-11-25_category-name-case-insensitive': categoryNameCaseInsensitive,
  '2026-11-26_admin-sessions': adminSessions,
  '2026-11-27_password-change-required': passwordChangeRequired,
  '2026-11-28_second-factor': secondFactor,
  '2026-11-30_inquiry-search': inquirySearch,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL the bookkeeping tables are looked up in the connection's own schema: without
  // it, Kysely takes such a table in any other schema of the database for its own.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`,
    );
  }
}
