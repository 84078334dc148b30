import type { ImportJobState } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import type { StoredFiles } from '../../storage/stored-files';

// The one place of the SQL of the import's jobs and of the posts it brought in.

export type ImportJobRecord = {
  id: number;
  state: ImportJobState;
  options: string;
  exportKey: string | null;
  uploadsKey: string | null;
  done: number;
  total: number;
  report: string | null;
  error: string | null;
  userId: number | null;
  userName: string;
  createdAt: string;
  finishedAt: string | null;
};

const jobColumns = [
  'id',
  'state',
  'options',
  'export_key',
  'uploads_key',
  'done',
  'total',
  'report',
  'error',
  'user_id',
  'user_name',
  'created_at',
  'finished_at',
] as const;

type JobRow = {
  id: number;
  state: string;
  options: string;
  export_key: string | null;
  uploads_key: string | null;
  done: number;
  total: number;
  report: string | null;
  error: string | null;
  user_id: number | null;
  user_name: string;
  created_at: string;
  finished_at: string | null;
};

const toJob = (row: JobRow): ImportJobRecord => ({
  id: row.id,
  state: row.state as ImportJobState,
  options: row.options,
  exportKey: row.export_key,
  uploadsKey: row.uploads_key,
  done: Number(row.done),
  total: Number(row.total),
  report: row.report,
  error: row.error,
  userId: row.user_id,
  userName: row.user_name,
  createdAt: row.created_at,
  finishedAt: row.finished_at,
});

export async function insertImportJob(
  db: Db,
  values: { options: string; exportKey: string; uploadsKey: string | null; userId: number | null; userName: string },
): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('wordpress_import_jobs')
    .values({
      state: 'queued',
      options: values.options,
      export_key: values.exportKey,
      uploads_key: values.uploadsKey,
      user_id: values.userId,
      user_name: values.userName,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function findImportJob(db: Db, id: number): Promise<ImportJobRecord | undefined> {
  const row = await db.selectFrom('wordpress_import_jobs').select(jobColumns).where('id', '=', id).executeTakeFirst();
  return row && toJob(row);
}

/** The latest jobs, newest first. */
export async function latestImportJobs(db: Db, limit: number): Promise<ImportJobRecord[]> {
  const rows = await db.selectFrom('wordpress_import_jobs').select(jobColumns).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toJob);
}

/** The old site's pages the finished imports listed (their addresses), and whether any import finished. */
export async function importedOldPages(db: Db): Promise<{ imported: boolean; pages: string[] }> {
  const rows = await db
    .selectFrom('wordpress_import_jobs')
    .select('report')
    .where('state', '=', 'done')
    .where('report', 'is not', null)
    .execute();
  const pages = new Set<string>();
  for (const row of rows) {
    const report = JSON.parse(row.report!) as { pages?: { from?: unknown }[] };
    for (const page of report.pages ?? []) if (typeof page.from === 'string') pages.add(page.from);
  }
  return { imported: rows.length > 0, pages: [...pages] };
}

/** The jobs not yet ended (queued, or cut off while running), oldest first. */
export async function unfinishedImportJobs(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('wordpress_import_jobs')
    .select('id')
    .where('state', 'in', ['queued', 'running'])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** How far a job came, and its report so far. */
export async function recordImportProgress(db: Db, id: number, progress: { done: number; total: number; report: string }) {
  await db
    .updateTable('wordpress_import_jobs')
    .set({ state: 'running', done: progress.done, total: progress.total, report: progress.report, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** A job ended: its report or error kept, its stored files no longer named (the caller removes them). */
export async function finishImportJob(
  db: Db,
  id: number,
  outcome: { state: 'done' | 'failed'; report: string | null; error: string | null },
) {
  const now = nowIso();
  await db
    .updateTable('wordpress_import_jobs')
    .set({
      state: outcome.state,
      ...(outcome.report === null ? {} : { report: outcome.report }),
      error: outcome.error,
      export_key: null,
      uploads_key: null,
      updated_at: now,
      finished_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export type ImportedItem = { guid: string; projectId: number | null; jobId: number | null };

/** The posts of these GUIDs imported before. */
export async function importedItems(db: Db, guids: readonly string[]): Promise<Map<string, ImportedItem>> {
  const found = new Map<string, ImportedItem>();
  for (let at = 0; at < guids.length; at += 500) {
    const rows = await db
      .selectFrom('wordpress_imported_items')
      .select(['guid', 'project_id', 'job_id'])
      .where('guid', 'in', guids.slice(at, at + 500))
      .execute();
    for (const row of rows) found.set(row.guid, { guid: row.guid, projectId: row.project_id, jobId: row.job_id });
  }
  return found;
}

/** Records a post as imported; in the transaction that made its project. */
export async function insertImportedItem(
  trx: Db,
  item: { guid: string; wordpressId: number; projectId: number; jobId: number | null },
) {
  await trx
    .insertInto('wordpress_imported_items')
    .values({
      guid: item.guid,
      wordpress_id: item.wordpressId,
      project_id: item.projectId,
      job_id: item.jobId,
      created_at: nowIso(),
    })
    .execute();
}

/** A job's export and uploads zip, in the attachments storage while it runs: backups carry them. */
export const importStoredFiles: StoredFiles = {
  table: 'wordpress_import_jobs',
  columns: ['export_key', 'uploads_key'],
  filesOf: (row) =>
    [row['export_key'], row['uploads_key']]
      .filter((key): key is string => typeof key === 'string' && key !== '')
      .map((key) => ({ store: 'attachments' as const, key })),
};
