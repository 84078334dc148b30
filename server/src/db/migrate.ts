import { type Kysely, PostgresAdapter, sql } from 'kysely';
import {
  DEFAULT_MIGRATION_TABLE,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely/migration';
import type { Db } from './database';
import * as initial from './migrations/2026-11-22_initial';
import * as contactInquiries from './migrations/2026-11-23_contact-inquiries';
import * as projectListIndexes from './migrations/2026-11-24_project-list-indexes';
import * as categoryNameCaseInsensitive from './migrations/2026-11-25_category-name-case-insensitive';
import * as adminSessions from './migrations/2026-11-26_admin-sessions';
import * as passwordChangeRequired from './migrations/2026-11-27_password-change-required';
import * as secondFactor from './migrations/2026-11-28_second-factor';
import * as userDisabled from './migrations/2026-11-29_user-disabled';
import * as inquirySearch from './migrations/2026-11-30_inquiry-search';
import * as jobOpenings from './migrations/2026-12-01_job-openings';
import * as leases from './migrations/2026-12-01_leases';
import * as siteTexts from './migrations/2026-12-02_site-texts';
import * as usedFormTokens from './migrations/2026-12-03_used-form-tokens';
import * as inquiryJob from './migrations/2026-12-04_inquiry-job';
import * as visitorStatistics from './migrations/2026-12-04_visitor-statistics';
import * as projectOrder from './migrations/2026-12-05_project-order';
import * as statisticsSummaryMail from './migrations/2026-12-05_statistics-summary-mail';
import * as sampleContentFlag from './migrations/2026-12-06_sample-content-flag';
import * as trash from './migrations/2026-12-08_trash';
import * as auditTrail from './migrations/2026-12-08_audit-trail';
import * as userRoles from './migrations/2026-12-08_user-roles';
import * as projectDrafts from './migrations/2026-12-07_project-drafts';
import * as projectPictures from './migrations/2026-12-07_project-pictures';
import * as statisticsAddressBound from './migrations/2026-12-09_statistics-address-bound';
import * as invitationOrigin from './migrations/2026-12-09_invitation-origin';
import * as userDisplayName from './migrations/2026-12-09_user-display-name';
import * as redirects from './migrations/2026-12-10_redirects';
import * as inquiryWorkflow from './migrations/2026-12-11_inquiry-workflow';
import * as inquiryMails from './migrations/2026-12-12_inquiry-mails';
import * as inquiryDuplicatesAndReads from './migrations/2026-12-13_inquiry-duplicates-and-reads';
import * as assignmentMails from './migrations/2026-12-14_assignment-mails';
import * as inquiryReplies from './migrations/2026-12-15_inquiry-replies';
import * as applicationConsent from './migrations/2026-12-16_application-consent';
import * as inquiryFullText from './migrations/2026-12-18_inquiry-full-text';
import * as wordpressImport from './migrations/2026-12-19_wordpress-import';
import * as inquiryCounts from './migrations/2026-12-20_inquiry-counts';
import * as inquiryFormVersions from './migrations/2026-12-22_inquiry-form-versions';
import * as inquiryAnswers from './migrations/2026-12-23_inquiry-answers';
import * as statisticsTypes from './migrations/2026-12-24_statistics-types';
import * as searchEntries from './migrations/2026-12-25_search-entries';
import * as fileLibrary from './migrations/2026-12-26_file-library';
import * as customPages from './migrations/2026-12-27_custom-pages';
import * as newsPosts from './migrations/2026-12-29_news-posts';

// Migrations are listed here (not read from disk) so that the bundled server carries them.
const migrations: Record<string, Migration> = {
  '2026-11-22_initial': initial,
  '2026-11-23_contact-inquiries': contactInquiries,
  '2026-11-24_project-list-indexes': projectListIndexes,
  '2026-11-25_category-name-case-insensitive': categoryNameCaseInsensitive,
  '2026-11-26_admin-sessions': adminSessions,
  '2026-11-27_password-change-required': passwordChangeRequired,
  '2026-11-28_second-factor': secondFactor,
  '2026-11-29_user-disabled': userDisabled,
  '2026-11-30_inquiry-search': inquirySearch,
  '2026-12-01_job-openings': jobOpenings,
  '2026-12-01_leases': leases,
  '2026-12-02_site-texts': siteTexts,
  '2026-12-03_used-form-tokens': usedFormTokens,
  '2026-12-04_inquiry-job': inquiryJob,
  '2026-12-04_visitor-statistics': visitorStatistics,
  '2026-12-05_project-order': projectOrder,
  '2026-12-05_statistics-summary-mail': statisticsSummaryMail,
  '2026-12-06_sample-content-flag': sampleContentFlag,
  '2026-12-08_trash': trash,
  '2026-12-08_audit-trail': auditTrail,
  '2026-12-08_user-roles': userRoles,
  '2026-12-07_project-drafts': projectDrafts,
  '2026-12-07_project-pictures': projectPictures,
  '2026-12-09_statistics-address-bound': statisticsAddressBound,
  '2026-12-09_invitation-origin': invitationOrigin,
  '2026-12-09_user-display-name': userDisplayName,
  '2026-12-10_redirects': redirects,
  '2026-12-11_inquiry-workflow': inquiryWorkflow,
  '2026-12-12_inquiry-mails': inquiryMails,
  '2026-12-13_inquiry-duplicates-and-reads': inquiryDuplicatesAndReads,
  '2026-12-14_assignment-mails': assignmentMails,
  '2026-12-15_inquiry-replies': inquiryReplies,
  '2026-12-16_application-consent': applicationConsent,
  '2026-12-18_inquiry-full-text': inquiryFullText,
  '2026-12-19_wordpress-import': wordpressImport,
  '2026-12-20_inquiry-counts': inquiryCounts,
  '2026-12-22_inquiry-form-versions': inquiryFormVersions,
  '2026-12-23_inquiry-answers': inquiryAnswers,
  '2026-12-24_statistics-types': statisticsTypes,
  '2026-12-25_search-entries': searchEntries,
  '2026-12-26_file-library': fileLibrary,
  '2026-12-27_custom-pages': customPages,
  '2026-12-29_news-posts': newsPosts,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The database carries a migration this release does not know: a newer release migrated it. */
export class NewerDatabaseError extends Error {
  constructor(readonly migrationName: string) {
    super(`the database was migrated by a newer release (${migrationName}); start that release or restore a backup`);
  }
}

export class MigrationFailedError extends Error {}

/** One migration as the database sees it; `known: false` for one applied by a newer release. */
export type MigrationState = { name: string; appliedAt: Date | null; known: boolean };

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * On PostgreSQL the bookkeeping tables are looked up in the connection's own schema: without it,
 * Kysely takes such a table in any other schema of the database for its own.
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  return (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;
}

async function createMigrator(db: Db): Promise<{ migrator: Migrator; schema: string | undefined }> {
  const schema = await migrationTableSchema(db);
  return { migrator: new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }), schema };
}

/** Whether the database has been migrated at all (its migration table exists in the connection's schema). */
export async function hasMigrationTable(db: Db): Promise<boolean> {
  if (isPostgres(db)) {
    const table = sql`format('%I.%I', current_schema(), ${DEFAULT_MIGRATION_TABLE}::text)`;
    const { rows } = await sql<{ found: boolean }>`select to_regclass(${table}) is not null as found`.execute(db);
    return rows[0]?.found === true;
  }
  const rows = await sql`select 1 from sqlite_master where type = 'table' and name = ${DEFAULT_MIGRATION_TABLE}`.execute(db);
  return rows.rows.length > 0;
}

async function appliedMigrations(db: Db, schema: string | undefined): Promise<{ name: string; timestamp: string }[]> {
  if (!(await hasMigrationTable(db))) return [];
  const any = db as unknown as Kysely<any>;
  return (schema ? any.withSchema(schema) : any)
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select(['name', 'timestamp'])
    .orderBy('name')
    .execute();
}

function refuseNewer(applied: { name: string }[]): void {
  const unknown = applied.filter((m) => !(m.name in migrations)).map((m) => m.name);
  if (unknown.length > 0) throw new NewerDatabaseError(unknown.sort().at(-1)!);
}

/**
 * Every migration this release knows, applied or pending, and any applied one it does not know.
 * Read from the migration table itself: Kysely's getMigrations leaves out the names it does not know.
 */
export async function migrationStatus(db: Db): Promise<MigrationState[]> {
  const applied = new Map(
    (await appliedMigrations(db, await migrationTableSchema(db))).map((m) => [m.name, new Date(m.timestamp)]),
  );
  return [...new Set([...Object.keys(migrations), ...applied.keys()])]
    .sort()
    .map((name) => ({ name, appliedAt: applied.get(name) ?? null, known: name in migrations }));
}

/** The migrations this release would still apply; refuses a database a newer release has migrated. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const status = await migrationStatus(db);
  refuseNewer(status.filter((m) => !m.known));
  return status.filter((m) => m.appliedAt === null).map((m) => m.name);
}

/** The names a run applied or undid; a failed run throws, naming the migration and the cause. */
function settle({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const message = error instanceof Error ? error.message : String(error ?? 'unknown error');
    // A newer release migrated the database between our check and our run.
    const missing = message.match(/previously executed migration (\S+) is missing/);
    if (missing) throw new NewerDatabaseError(missing[1]!);
    throw new MigrationFailedError(`Migration ${failed?.migrationName ?? ''} failed: ${message}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Applies every pending migration; refuses a database a newer release has migrated. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { migrator, schema } = await createMigrator(db);
  refuseNewer(await appliedMigrations(db, schema));
  return settle(await migrator.migrateToLatest());
}

/** Applies the next pending migration, if any; its name. */
export async function migrateUp(db: Db): Promise<string | undefined> {
  const { migrator, schema } = await createMigrator(db);
  refuseNewer(await appliedMigrations(db, schema));
  return settle(await migrator.migrateUp())[0];
}

/** Undoes the last applied migration, if any; its name. */
export async function migrateDown(db: Db): Promise<string | undefined> {
  const { migrator, schema } = await createMigrator(db);
  // Undoing "the last one" of an older release would undo the wrong migration.
  refuseNewer(await appliedMigrations(db, schema));
  return settle(await migrator.migrateDown())[0];
}

/** The migrations this release knows, oldest first (their names begin with their date). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

/** Migrates to exactly the named migration: a restore rebuilds the schema its archive was taken from. */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { migrator } = await createMigrator(db);
  settle(await migrator.migrateTo(name));
}
