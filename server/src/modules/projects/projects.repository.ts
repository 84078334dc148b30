import { type Selectable, type SqlBool, sql } from 'kysely';
import { ContentLanguage, type LocalizedText } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { containsPattern, foldText } from '../../db/text-search';
import { bumpContentVersion } from '../content/content-version.repository';
import type { ProjectTextField, ProjectsTable } from '../../db/schema';
import type { StoredPicture } from '../../media/image-pipeline';
import type { StoredFiles } from '../../storage/stored-files';
import { translationsOf } from '../categories/categories.repository';

export type ProjectTexts = Record<ProjectTextField, LocalizedText[]>;

export type ProjectRecord = {
  id: number;
  location: string;
  workDuration: string;
  client: string;
  categoryId: number | null;
  category: { id: number; name: string; translation: LocalizedText[] } | null;
  picture: StoredPicture | null;
  texts: ProjectTexts;
  createdAt: string;
  updatedAt: string;
};

export type ProjectValues = {
  location: string;
  workDuration: string;
  client: string;
  categoryId: number | null;
  picture: StoredPicture | null;
  texts: ProjectTexts;
  /** Only the sample content sets it (its projects are dated like real ones). */
  createdAt?: string;
  /** Only the sample content sets it: a row the go-live checklist may remove until staff change it. */
  sample?: boolean;
};

export type ProjectFilter = {
  title?: string | undefined;
  description?: string | undefined;
  categoryId?: number | undefined;
  language?: ContentLanguage | undefined;
};

const textFields: ProjectTextField[] = ['title', 'content', 'scope'];

/**
 * The projects matching a filter; everything is decided in SQL. A text search is a semi-join
 * (`id IN (…)`): the database reads the matching texts once, instead of probing the texts of
 * every project in turn. The title search names its field literally, so that both databases
 * use the partial index of the titles (2026-11-24_project-list-indexes).
 */
function matching(db: Db, filter: ProjectFilter) {
  const searches = [
    ['title', filter.title],
    ['content', filter.description],
  ] as const;
  let query = db.selectFrom('projects as p');
  if (filter.categoryId) query = query.where('p.category_id', '=', filter.categoryId);
  for (const [field, text] of searches) {
    if (!text) continue;
    query = query.where('p.id', 'in', (eb) => {
      let texts = eb
        .selectFrom('project_texts as t')
        .select('t.project_id')
        .where(sql<SqlBool>`t.field = ${sql.lit(field)}`)
        .where(sql<SqlBool>`t.content_folded like ${containsPattern(text)} escape '\\'`);
      if (filter.language) texts = texts.where('t.language', '=', filter.language);
      return texts;
    });
  }
  return query;
}

export async function countProjects(db: Db, filter: ProjectFilter): Promise<number> {
  const row = await matching(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const projectColumns = [
  'p.id',
  'p.location',
  'p.work_duration',
  'p.client',
  'p.category_id',
  'p.picture',
  'p.created_at',
  'p.updated_at',
  'c.name as category_name',
] as const;

type ProjectRow = Omit<Selectable<ProjectsTable>, 'sample'> & { category_name: string | null };

/**
 * The texts and category translations of the given rows, in two queries whatever their number
 * (no query per project).
 */
async function withDetails(db: Db, rows: ProjectRow[], language?: ContentLanguage): Promise<ProjectRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  let textQuery = db
    .selectFrom('project_texts')
    .select(['project_id', 'field', 'language', 'content'])
    .where('project_id', 'in', ids)
    .orderBy('project_id')
    .orderBy('field')
    .orderBy('language');
  if (language) textQuery = textQuery.where('language', '=', language);
  const categoryIds = rows.flatMap((r) => (r.category_id === null ? [] : [r.category_id]));
  const [textRows, translations] = await Promise.all([textQuery.execute(), translationsOf(db, categoryIds, language)]);

  const texts = new Map<number, ProjectTexts>(ids.map((id) => [id, { title: [], content: [], scope: [] }]));
  for (const row of textRows) {
    texts.get(row.project_id)?.[row.field].push({ content: row.content, language: row.language as ContentLanguage });
  }
  return rows.map((row) => ({
    id: row.id,
    location: row.location,
    workDuration: row.work_duration,
    client: row.client,
    categoryId: row.category_id,
    category:
      row.category_id !== null && row.category_name !== null
        ? { id: row.category_id, name: row.category_name, translation: translations.get(row.category_id) ?? [] }
        : null,
    picture: row.picture ? (JSON.parse(row.picture) as StoredPicture) : null,
    texts: texts.get(row.id)!,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/** One page of matching projects, newest first. */
export async function listProjects(
  db: Db,
  filter: ProjectFilter,
  page: { limit: number; offset: number },
): Promise<ProjectRecord[]> {
  const rows = await matching(db, filter)
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(projectColumns)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return withDetails(db, rows, filter.language);
}

export async function findProject(db: Db, id: number, language?: ContentLanguage): Promise<ProjectRecord | undefined> {
  const row = await db
    .selectFrom('projects as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(projectColumns)
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ? (await withDetails(db, [row], language))[0] : undefined;
}

function textRows(projectId: number, texts: ProjectTexts) {
  return textFields.flatMap((field) =>
    texts[field]
      .filter((t) => t.content !== '')
      .map((t) => ({
        project_id: projectId,
        field,
        language: t.language,
        content: t.content,
        content_folded: foldText(t.content),
      })),
  );
}

export async function insertProject(db: Db, values: ProjectValues): Promise<number> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const now = nowIso();
    const { id } = await trx
      .insertInto('projects')
      .values({
        location: values.location,
        work_duration: values.workDuration,
        client: values.client,
        category_id: values.categoryId,
        picture: values.picture ? JSON.stringify(values.picture) : null,
        created_at: values.createdAt ?? now,
        updated_at: values.createdAt ?? now,
        sample: values.sample ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = textRows(id, values.texts);
    if (rows.length > 0) await trx.insertInto('project_texts').values(rows).execute();
    return id;
  });
}

/** Replaces every field; false if there is no such project. */
export async function updateProject(db: Db, id: number, values: ProjectValues): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const result = await trx
      .updateTable('projects')
      .set({
        location: values.location,
        work_duration: values.workDuration,
        client: values.client,
        category_id: values.categoryId,
        picture: values.picture ? JSON.stringify(values.picture) : null,
        updated_at: nowIso(),
        // Changed by staff: replaced, no longer sample content.
        sample: 0,
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('project_texts').where('project_id', '=', id).execute();
    const rows = textRows(id, values.texts);
    if (rows.length > 0) await trx.insertInto('project_texts').values(rows).execute();
    return true;
  });
}

/** Deletes the project and its texts; answers its picture (for the files), or undefined if there was none. */
export async function deleteProject(db: Db, id: number): Promise<{ picture: StoredPicture | null } | undefined> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const row = await trx.selectFrom('projects').select('picture').where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    await trx.deleteFrom('project_texts').where('project_id', '=', id).execute();
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    return { picture: row.picture ? (JSON.parse(row.picture) as StoredPicture) : null };
  });
}

/** Which of these media keys some project's picture still uses (identical uploads share files). */
export async function referencedMediaKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  if (keys.length === 0) return referenced;
  const rows = await db
    .selectFrom('projects')
    .select('picture')
    .where((eb) => eb.or(keys.map((key) => eb('picture', 'like', `%"${key}"%`))))
    .execute();
  for (const row of rows) {
    const picture = row.picture ? (JSON.parse(row.picture) as StoredPicture) : null;
    for (const variant of picture?.variants ?? []) if (keys.includes(variant.key)) referenced.add(variant.key);
  }
  return referenced;
}

/** The projects of the sample content staff have not changed. */
export async function sampleProjectIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('projects').select('id').where('sample', '=', 1).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Marks as sample content the projects of an earlier release's seed that nobody changed since: the
 * seed's creation time, never updated, and its German title. Answers how many it marked.
 */
export async function markSampleProjects(
  db: Db,
  samples: readonly { createdAt: string; germanTitle: string }[],
): Promise<number> {
  let marked = 0;
  for (const sample of samples) {
    const result = await db
      .updateTable('projects')
      .set({ sample: 1 })
      .where('sample', '=', 0)
      .where('created_at', '=', sample.createdAt)
      .whereRef('updated_at', '=', 'created_at')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('project_texts')
            .select('project_id')
            .whereRef('project_texts.project_id', '=', 'projects.id')
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

/** True when the database holds no category and no project (the sample content's condition). */
export async function isContentEmpty(db: Db): Promise<boolean> {
  const [project, category] = await Promise.all([
    db.selectFrom('projects').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('categories').select('id').limit(1).executeTakeFirst(),
  ]);
  return !project && !category;
}

/** Every project's id and last change, for the sitemap (read once per content version). */
export async function listProjectChanges(db: Db): Promise<{ id: number; updatedAt: string }[]> {
  const rows = await db.selectFrom('projects').select(['id', 'updated_at']).orderBy('id').execute();
  return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
}

/** A project's picture (every size and format) in the media store. */
export const projectStoredFiles: StoredFiles = {
  table: 'projects',
  columns: ['picture'],
  filesOf: (row) => {
    if (typeof row['picture'] !== 'string') return [];
    const picture = JSON.parse(row['picture']) as StoredPicture;
    return picture.variants.map((v) => ({ store: 'media', key: v.key }));
  },
};
