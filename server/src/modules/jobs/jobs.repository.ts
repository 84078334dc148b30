import type { Selectable } from 'kysely';
import { ContentLanguage, type EmploymentType, type LocalizedText } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import type { JobTextField, JobsTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { TrashRecord } from '../registry/trash-adapter';
import { trashRecords, trashWrite } from '../trash/trash-rows';
import { bumpContentVersion } from '../content/content-version.repository';
import { type SearchEntry, noSearchEntry, searchEntryColumns, searchEntryIn, searchEntryOf } from '../content/search-entry';

export type JobTexts = Record<JobTextField, LocalizedText[]>;

export type JobRecord = {
  id: number;
  location: string;
  employmentType: EmploymentType;
  startDate: string | null;
  validThrough: string | null;
  contact: string;
  published: boolean;
  position: number;
  texts: JobTexts;
  /** The search engines' title and description (decision 059). */
  search: SearchEntry;
  createdAt: string;
  updatedAt: string;
};

export type JobValues = Omit<JobRecord, 'id' | 'position' | 'search' | 'createdAt' | 'updatedAt'> & {
  /** Absent or empty: none, the page's head is made from the texts. */
  search?: SearchEntry | undefined;
  /** Left out: a new job goes after the last one, a changed one keeps its place. */
  position?: number | undefined;
  /** Only the sample content sets it: a row the go-live checklist may remove until staff change it. */
  sample?: boolean;
};

/** What a reader may see: visitors only published jobs still valid on `today`; staff everything. */
export type JobVisibility = { kind: 'staff' } | { kind: 'visitor'; today: string };

const textFields: JobTextField[] = ['title', 'tasks', 'profile', 'offer', 'howToApply'];

function visible(db: Db, visibility: JobVisibility) {
  // A job in the trash (decision 037) is left out for staff too.
  let query = db.selectFrom('jobs').where('deleted_at', 'is', null);
  if (visibility.kind === 'visitor') {
    query = query
      .where('published', '=', 1)
      // Dates are YYYY-MM-DD text: their order is the calendar's on both databases.
      .where((eb) => eb.or([eb('valid_through', 'is', null), eb('valid_through', '>=', visibility.today)]));
  }
  return query;
}

async function withTexts(db: Db, rows: Selectable<JobsTable>[], language?: ContentLanguage): Promise<JobRecord[]> {
  if (rows.length === 0) return [];
  let query = db
    .selectFrom('job_texts')
    .select(['job_id', 'field', 'language', 'content'])
    .where(
      'job_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('job_id')
    .orderBy('field')
    .orderBy('language');
  if (language) query = query.where('language', '=', language);
  const texts = new Map<number, JobTexts>(
    rows.map((r) => [r.id, { title: [], tasks: [], profile: [], offer: [], howToApply: [] }]),
  );
  for (const t of await query.execute()) {
    texts.get(t.job_id)?.[t.field].push({ content: t.content, language: t.language as ContentLanguage });
  }
  return rows.map((row) => ({
    id: row.id,
    location: row.location,
    employmentType: row.employment_type as EmploymentType,
    startDate: row.start_date,
    validThrough: row.valid_through,
    contact: row.contact,
    published: row.published === 1,
    position: row.position,
    texts: texts.get(row.id)!,
    search: searchEntryIn(searchEntryOf(row), language),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/**
 * Every job the reader may see, in list order. Jobs are few (a company has a handful open), so
 * the list is read whole and the title search and the paging are done by the service.
 */
export async function listJobs(db: Db, visibility: JobVisibility, language?: ContentLanguage): Promise<JobRecord[]> {
  const rows = await visible(db, visibility).selectAll().orderBy('position').orderBy('id').execute();
  return withTexts(db, rows, language);
}

export async function findJob(
  db: Db,
  id: number,
  visibility: JobVisibility,
  language?: ContentLanguage,
): Promise<JobRecord | undefined> {
  const row = await visible(db, visibility).selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await withTexts(db, [row], language))[0] : undefined;
}

function textRows(jobId: number, texts: JobTexts) {
  return textFields.flatMap((field) =>
    texts[field].filter((t) => t.content !== '').map((t) => ({ job_id: jobId, field, language: t.language, content: t.content })),
  );
}

function columns(values: JobValues) {
  return {
    location: values.location,
    employment_type: values.employmentType,
    start_date: values.startDate,
    valid_through: values.validThrough,
    contact: values.contact,
    published: values.published ? 1 : 0,
    ...searchEntryColumns(values.search ?? noSearchEntry),
  };
}

export async function insertJob(db: Db, values: JobValues): Promise<number> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const now = nowIso();
    const last = await trx
      .selectFrom('jobs')
      .select((eb) => eb.fn.max('position').as('position'))
      .executeTakeFirst();
    const position = values.position ?? (last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1);
    const { id } = await trx
      .insertInto('jobs')
      .values({ ...columns(values), position, created_at: now, updated_at: now, sample: values.sample ? 1 : 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = textRows(id, values.texts);
    if (rows.length > 0) await trx.insertInto('job_texts').values(rows).execute();
    return id;
  });
}

/** Replaces every field (the position only if given); false if there is no such job. */
export async function updateJob(db: Db, id: number, values: JobValues): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const result = await trx
      .updateTable('jobs')
      .set({
        ...columns(values),
        ...(values.position === undefined ? {} : { position: values.position }),
        updated_at: nowIso(),
        // Changed by staff: replaced, no longer sample content.
        sample: 0,
      })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('job_texts').where('job_id', '=', id).execute();
    const rows = textRows(id, values.texts);
    if (rows.length > 0) await trx.insertInto('job_texts').values(rows).execute();
    return true;
  });
}

/** Moves a job opening to the trash (decision 037); false if there is no such job (or it is in the trash already). */
export const trashJob = (db: Db, id: number, by: string, at: string = nowIso()) =>
  trashWrite(db, (trx) =>
    trx
      .updateTable('jobs')
      .set({ deleted_at: at, deleted_by: by })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
  );

/** The job openings in the trash, with their titles; `before`: only those deleted before then. */
export async function trashedJobs(db: Db, before?: string): Promise<TrashRecord[]> {
  const [rows, titles] = await Promise.all([
    db
      .selectFrom('jobs')
      .where('deleted_at', 'is not', null)
      .$if(before !== undefined, (q) => q.where('deleted_at', '<', before!))
      .select(['id', 'deleted_at', 'deleted_by'])
      .execute(),
    db
      .selectFrom('job_texts as t')
      .innerJoin('jobs as j', 'j.id', 't.job_id')
      .where('j.deleted_at', 'is not', null)
      .where('t.field', '=', 'title')
      .select(['t.job_id as id', 't.language', 't.content'])
      .execute(),
  ]);
  return trashRecords('job', rows, titles);
}

/**
 * Takes a job opening out of the trash as it was, its place in the list too: a new job goes after
 * the largest position, trashed ones included, so none took its place meanwhile (a reorder that
 * did lands it next to that one, the older first). False if it was not in the trash.
 */
export const restoreJob = (db: Db, id: number) =>
  trashWrite(db, (trx) =>
    trx
      .updateTable('jobs')
      .set({ deleted_at: null, deleted_by: null })
      .where('id', '=', id)
      .where('deleted_at', 'is not', null)
      .executeTakeFirst(),
  );

/**
 * Holds a job opening of the trash until the transaction ends (a write to it: PostgreSQL locks the
 * row and checks the condition again after waiting), and answers whether it is still there: a
 * restore that came first wins, one that comes later finds nothing.
 */
async function holdTrashedJob(trx: Db, id: number): Promise<boolean> {
  const result = await trx
    .updateTable('jobs')
    .set((eb) => ({ deleted_at: eb.ref('deleted_at') }))
    .where('id', '=', id)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes a job opening for good. `trashed`: only if it is in the trash (the purge). */
export async function deleteJob(db: Db, id: number, options: { trashed?: boolean } = {}): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    if (options.trashed && !(await holdTrashedJob(trx, id))) return false;
    await trx.deleteFrom('job_texts').where('job_id', '=', id).execute();
    const result = await trx.deleteFrom('jobs').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** The jobs of the sample content staff have not changed. */
export async function sampleJobIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('sample', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Marks as sample content the jobs of an earlier release's seed that nobody changed since: never
 * updated, the seed's contact and its German title. Answers how many it marked.
 */
export async function markSampleJobs(db: Db, samples: readonly { germanTitle: string; contact: string }[]): Promise<number> {
  let marked = 0;
  for (const sample of samples) {
    const result = await db
      .updateTable('jobs')
      .set({ sample: 1 })
      .where('sample', '=', 0)
      .where('contact', '=', sample.contact)
      .whereRef('updated_at', '=', 'created_at')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('job_texts')
            .select('job_id')
            .whereRef('job_texts.job_id', '=', 'jobs.id')
            .where('field', '=', 'title')
            .where('language', '=', ContentLanguage.German)
            .where('content', '=', sample.germanTitle),
        ),
      )
      .executeTakeFirst();
    marked += Number(result.numUpdatedRows);
  }
  return marked;
}

export async function hasJobs(db: Db): Promise<boolean> {
  return (await db.selectFrom('jobs').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * A save's lock on the job (claimVersion, decision 036): a write that leaves the row as it is,
 * answering its version after any save that held it first; undefined if there is no such job.
 */
export async function lockJobVersion(trx: Db, id: number): Promise<string | undefined> {
  const row = await trx
    .updateTable('jobs')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returning('updated_at')
    .executeTakeFirst();
  return row?.updated_at;
}
