import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as initial from './migrations/2026-11-22_initial';
import * as contactInquiries from './migrations/2026-11-23_contact-inquiries';
import * as projectListIndexes from './migrations/2026-11-24_project-list-indexes';
import * as categoryNameCaseInsensitive from './migrations/2026-11-25_category-name-case-insensitive';

// Migrations are listed here (not read from disk) so that the bundled server carries them.
const migrations: Record<string, Migration> = {
  '2026-11-22_initial': initial,
  '2026-11-23_contact-inquiries': contactInquiries,
  '2026-11-24_project-list-indexes': projectListIndexes,
  '2026-11-25_category-name-case-insensitive': categoryNameCaseInsensitive,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`,
    );
  }
}
