import { PostgresAdapter, type Selectable, type SqlBool, sql } from 'kysely';
import { generateKeyBetween } from 'fractional-indexing';
import { ContentLanguage, type LocalizedText, type ProjectSort, featuredLimit } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { containsPattern, foldText } from '../../db/text-search';
import { bumpContentVersion } from '../content/content-version.repository';
import type { ProjectTextField, ProjectsTable } from '../../db/schema';
import type { StoredFiles } from '../../storage/stored-files';
import { translationsOf } from '../categories/categories.repository';
import { type ProjectPicture, parsePictures, pictureKeys } from './project-pictures';

export type ProjectTexts = Record<ProjectTextField, LocalizedText[]>;

export type ProjectRecord = {
  id: number;
  location: string;
  workDuration: string;
  client: string;
  categoryId: number | null;
  category: { id: number; name: string; translation: LocalizedText[] } | null;
  /** In order, the cover first. */
  pictures: ProjectPicture[];
  texts: ProjectTexts;
  featured: boolean;
  /** Its place in the staff's order, from 1. */
  position: number;
  createdAt: string;
  updatedAt: string;
};

export type ProjectValues = {
  location: string;
  workDuration: string;
  client: string;
  categoryId: number | null;
  /** In order, the cover first. */
  pictures: ProjectPicture[];
  texts: ProjectTexts;
  /** Only the sample content sets it (its projects are dated like real ones). */
  createdAt?: string;
  /** Undefined: not featured on insert, unchanged on update. */
  featured?: boolean | undefined;
  /** Where a new project goes in the staff's order: the top (default), or the end (the sample content, listed newest first). */
  placement?: 'top' | 'end';
  /** Only the sample content sets it: a row the go-live checklist may remove until staff change it. */
  sample?: boolean;
};

export type ProjectFilter = {
  title?: string | undefined;
  description?: string | undefined;
  categoryId?: number | undefined;
  language?: ContentLanguage | undefined;
  /** Title (in `language`, or any) or location containing this. */
  search?: string | undefined;
  featured?: boolean | undefined;
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
  if (filter.featured !== undefined) query = query.where('p.featured_key', filter.featured ? 'is not' : 'is', null);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql<string>`p.location_folded`, 'like', sql<string>`${pattern} escape '\\'`),
        eb('p.id', 'in', (inner) => {
          let titles = inner
            .selectFrom('project_texts as t')
            .select('t.project_id')
            .where(sql<SqlBool>`t.field = ${sql.lit('title')}`)
            .where(sql<SqlBool>`t.content_folded like ${pattern} escape '\\'`);
          if (filter.language) titles = titles.where('t.language', '=', filter.language);
          return titles;
        }),
      ]),
    );
  }
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
  'p.pictures',
  'p.created_at',
  'p.updated_at',
  'p.featured_key',
  'c.name as category_name',
  // The place in the staff's order among all projects (not only the matching ones): the keys
  // before it, counted from the key index.
  sql<number | string>`(select count(*) from projects q where q.order_key < p.order_key) + 1`.as('position'),
] as const;

type ProjectRow = Omit<Selectable<ProjectsTable>, 'order_key' | 'location_folded' | 'sample'> & {
  category_name: string | null;
  position: number | string;
};

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
    pictures: parsePictures(row.pictures),
    texts: texts.get(row.id)!,
    featured: row.featured_key !== null,
    position: Number(row.position),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
}

/**
 * One page of matching projects, by default in the staff's order. The keys are unique, so every
 * order is total and a page never repeats or skips a project. `featured` lists the featured
 * projects alone, in their own order.
 */
export async function listProjects(
  db: Db,
  filter: ProjectFilter,
  page: { limit: number; offset: number },
  sort: ProjectSort = 'position',
): Promise<ProjectRecord[]> {
  let query = matching(db, sort === 'featured' ? { ...filter, featured: true } : filter)
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(projectColumns);
  if (sort === 'position') query = query.orderBy('p.order_key');
  else if (sort === 'featured') query = query.orderBy('p.featured_key');
  else if (sort === 'updated') query = query.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc');
  else {
    const direction = sort === 'newest' ? 'desc' : 'asc';
    query = query.orderBy('p.created_at', direction).orderBy('p.id', direction);
  }
  const rows = await query.limit(page.limit).offset(page.offset).execute();
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

/** A featured project beyond `featuredLimit`: refused, nothing changed. */
export class FeaturedLimitError extends Error {
  constructor() {
    super(`at most ${featuredLimit} projects can be featured`);
  }
}

/**
 * Keys are made from their neighbours' keys, so writers of keys take turns: on PostgreSQL a
 * lock held until the transaction ends (other instances wait for it too); SQLite runs one
 * transaction at a time anyway. Without it two moves after the same project would make the
 * same key (the unique index would then refuse the second).
 */
async function lockOrder(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${orderLockKey})`.execute(trx);
}
/** Any fixed number; this one spells "projorde". */
const orderLockKey = sql.lit(0x70726f6a6f726465n.toString());

type KeyColumn = 'order_key' | 'featured_key';

/** The first (or last) key of a list, the project `except` left out. */
async function edgeKey(trx: Db, column: KeyColumn, edge: 'first' | 'last', except?: number): Promise<string | null> {
  let query = trx
    .selectFrom('projects')
    .select(['id', column])
    .where(column, 'is not', null)
    .orderBy(column, edge === 'first' ? 'asc' : 'desc')
    .limit(1);
  if (except !== undefined) query = query.where('id', '!=', except);
  const row = await query.executeTakeFirst();
  return (row?.[column] as string | null | undefined) ?? null;
}

/** A key for a newly featured project (the end of the selection), or the limit's refusal. */
async function nextFeaturedKey(trx: Db): Promise<string> {
  const { n } = await trx
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('featured_key', 'is not', null)
    .executeTakeFirstOrThrow();
  if (Number(n) >= featuredLimit) throw new FeaturedLimitError();
  return generateKeyBetween(await edgeKey(trx, 'featured_key', 'last'), null);
}

export async function insertProject(db: Db, values: ProjectValues): Promise<number> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    await lockOrder(trx);
    const orderKey =
      values.placement === 'end'
        ? generateKeyBetween(await edgeKey(trx, 'order_key', 'last'), null)
        : generateKeyBetween(null, await edgeKey(trx, 'order_key', 'first'));
    const now = nowIso();
    const { id } = await trx
      .insertInto('projects')
      .values({
        order_key: orderKey,
        featured_key: values.featured ? await nextFeaturedKey(trx) : null,
        location_folded: foldText(values.location),
        location: values.location,
        work_duration: values.workDuration,
        client: values.client,
        category_id: values.categoryId,
        pictures: JSON.stringify(values.pictures),
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
    let featuredKey: { featured_key: string | null } | undefined;
    if (values.featured !== undefined) {
      if (values.featured) await lockOrder(trx);
      const current = await trx.selectFrom('projects').select('featured_key').where('id', '=', id).executeTakeFirst();
      if (!current) return false;
      if (values.featured !== (current.featured_key !== null))
        featuredKey = { featured_key: values.featured ? await nextFeaturedKey(trx) : null };
    }
    const result = await trx
      .updateTable('projects')
      .set({
        location: values.location,
        location_folded: foldText(values.location),
        work_duration: values.workDuration,
        client: values.client,
        category_id: values.categoryId,
        pictures: JSON.stringify(values.pictures),
        ...featuredKey,
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

export type MoveOutcome = 'moved' | 'unchanged' | 'not_found' | 'after_not_found' | 'not_featured' | 'after_not_featured';

/**
 * Moves a project directly after another (`after`) or to the top (null), in the staff's order
 * or in the featured selection: its one key changes, nothing else (not even its updated_at), and
 * the content version, so that every kept page and answer is made anew.
 */
export async function moveProject(db: Db, id: number, after: number | null, list: 'gallery' | 'featured'): Promise<MoveOutcome> {
  const column: KeyColumn = list === 'gallery' ? 'order_key' : 'featured_key';
  return inTransaction(db, async (trx) => {
    await lockOrder(trx);
    const keyOf = async (projectId: number) => {
      const row = await trx.selectFrom('projects').select(column).where('id', '=', projectId).executeTakeFirst();
      return row ? { key: row[column] as string | null } : undefined;
    };
    const self = await keyOf(id);
    if (!self) return 'not_found';
    if (self.key === null) return 'not_featured';
    if (after === id) return 'unchanged';
    let lower: string | null = null;
    if (after !== null) {
      const target = await keyOf(after);
      if (!target) return 'after_not_found';
      if (target.key === null) return 'after_not_featured';
      lower = target.key;
    }
    let following = trx.selectFrom('projects').select(['id', column]).where(column, 'is not', null).orderBy(column).limit(1);
    if (lower !== null) following = following.where(column, '>', lower);
    const next = await following.executeTakeFirst();
    if (next?.id === id) return 'unchanged';
    const key = generateKeyBetween(lower, (next?.[column] as string | null | undefined) ?? null);
    await trx
      .updateTable('projects')
      .set({ [column]: key })
      .where('id', '=', id)
      .execute();
    await bumpContentVersion(trx);
    return 'moved';
  });
}

/** Deletes the project and its texts; answers its pictures (for the files), or undefined if there was none. */
export async function deleteProject(db: Db, id: number): Promise<{ pictures: ProjectPicture[] } | undefined> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const row = await trx.selectFrom('projects').select('pictures').where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    await trx.deleteFrom('project_texts').where('project_id', '=', id).execute();
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    return { pictures: parsePictures(row.pictures) };
  });
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

/** A project's pictures (every size, format and crop) in the media store. */
export const projectStoredFiles: StoredFiles = {
  table: 'projects',
  columns: ['pictures'],
  filesOf: (row) =>
    parsePictures(row['pictures']).flatMap((picture) => pictureKeys(picture).map((key) => ({ store: 'media', key }))),
};
