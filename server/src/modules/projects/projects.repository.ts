import { type Selectable, type SqlBool, sql } from 'kysely';
import { generateKeyBetween } from 'fractional-indexing';
import { ContentLanguage, type LocalizedText, type ProjectSort } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { containsPattern, foldText } from '../../db/text-search';
import { bumpContentVersion } from '../content/content-version.repository';
import { type SearchEntry, noSearchEntry, searchEntryColumns, searchEntryIn, searchEntryOf } from '../content/search-entry';
import type { ProjectTextField, ProjectsTable } from '../../db/schema';
import type { StoredFiles } from '../../storage/stored-files';
import { projectMediaKeys } from './project-media-keys';
import { liveCategories, translationsOf } from '../categories/categories.repository';
import { type ProjectPicture, parsePictures } from './project-pictures';
import { edgeKey, featuringChange, lockOrder, nextFeaturedKey } from './project-order.repository';
import { holdTrashedProject } from './project-trash.repository';

/** The texts of a project; the location and the work duration are localised lines (decision 033). */
export type ProjectTexts = Record<'title' | 'content' | 'scope', LocalizedText[]> &
  Partial<Record<'location' | 'duration', LocalizedText[]>>;

/** Who reads: a visitor sees published projects alone; staff see drafts too, with their pending changes. */
export type ProjectAudience = 'visitor' | 'staff';

/** The values a draft of changes holds: everything staff edit (generic over ProjectValues). */
export type ProjectDraftValues = Omit<ProjectValues, 'createdAt' | 'featured' | 'placement' | 'sample' | 'search'> & {
  texts: Required<ProjectTexts>;
  search: SearchEntry;
  /** When the draft was saved. */
  savedAt: string;
};

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
  /** The search engines' title and description (decision 059). */
  search: SearchEntry;
  featured: boolean;
  /** Its place in the staff's order, from 1. */
  position: number;
  published: boolean;
  /** The pending values of a draft of changes (read for staff only). */
  draft: ProjectDraftValues | null;
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
  /** The search engines' title and description (decision 059); absent or empty: none, the page's head is made from the texts. */
  search?: SearchEntry | undefined;
  /** Only the sample content sets it (its projects are dated like real ones). */
  createdAt?: string;
  /** Undefined: not featured on insert, unchanged on update. */
  featured?: boolean | undefined;
  /** Insert only: false makes a draft (default: published). */
  published?: boolean | undefined;
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
  /** Visitors: true always. Staff: true the published projects, false the drafts. */
  published?: boolean | undefined;
};

const textFields: ProjectTextField[] = ['title', 'content', 'scope', 'location', 'duration'];

/** A line given as one string is the value in both languages. */
function bothLanguages(text: string): LocalizedText[] {
  const content = text.trim();
  return content ? [ContentLanguage.English, ContentLanguage.German].map((language) => ({ content, language })) : [];
}

/** The texts with the location and the work duration as lists (from the strings when not given). */
export function fullTexts(values: Pick<ProjectValues, 'location' | 'workDuration' | 'texts'>): Required<ProjectTexts> {
  return {
    ...values.texts,
    location: values.texts.location ?? bothLanguages(values.location),
    duration: values.texts.duration ?? bothLanguages(values.workDuration),
  };
}

/** The German value of a line (the columns keep it), else the English one. */
function germanLine(texts: LocalizedText[]): string {
  return (texts.find((t) => t.language === ContentLanguage.German) ?? texts[0])?.content ?? '';
}

/** The location's search text: both languages' (once when alike). */
function locationFolded(texts: LocalizedText[]): string {
  return foldText([...new Set(texts.map((t) => t.content))].join(' '));
}

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
  // Rows in the trash (decision 037) are left out of every read; so is a category in the trash.
  let query = db.selectFrom('projects as p').where('p.deleted_at', 'is', null);
  if (filter.categoryId) {
    query = query
      .where('p.category_id', '=', filter.categoryId)
      .where((eb) =>
        eb.exists(eb.selectFrom(liveCategories(db).as('tc')).select('tc.id').whereRef('tc.id', '=', 'p.category_id')),
      );
  }
  if (filter.featured !== undefined) query = query.where('p.featured_key', filter.featured ? 'is not' : 'is', null);
  if (filter.published !== undefined) query = query.where('p.published', '=', filter.published ? 1 : 0);
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

/** Which of these projects visitors see: published and not in the trash. */
export async function visibleProjectIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('id', 'in', [...ids])
    .where('published', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function countProjects(db: Db, filter: ProjectFilter): Promise<number> {
  const row = await matching(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const baseColumns = [
  'p.id',
  'p.location',
  'p.work_duration',
  'p.client',
  'p.category_id',
  'p.pictures',
  'p.created_at',
  'p.updated_at',
  'p.featured_key',
  'p.published',
  'p.draft',
  'p.search_title_de',
  'p.search_title_en',
  'p.search_description_de',
  'p.search_description_en',
  'c.name as category_name',
] as const;

/**
 * The columns read, with the place in the staff's order among all projects (not only the
 * matching ones): the keys before it, counted from the key index. A visitor's count leaves the
 * drafts out (no gap tells of them); nobody's counts those in the trash.
 */
function projectColumns(audience: ProjectAudience) {
  const position =
    audience === 'staff'
      ? sql<number | string>`(select count(*) from projects q where q.order_key < p.order_key and q.deleted_at is null) + 1`
      : sql<
          number | string
        >`(select count(*) from projects q where q.published = 1 and q.order_key < p.order_key and q.deleted_at is null) + 1`;
  return [...baseColumns, position.as('position')] as const;
}

type ProjectRow = Omit<Selectable<ProjectsTable>, 'order_key' | 'location_folded' | 'sample' | 'deleted_at' | 'deleted_by'> & {
  category_name: string | null;
  position: number | string;
};

/** A draft as stored; one saved by a release before search entries keeps the project's (decision 059). */
function draftOf(json: string, row: ProjectRow): ProjectDraftValues {
  const draft = JSON.parse(json) as Omit<ProjectDraftValues, 'search'> & { search?: SearchEntry };
  return { ...draft, search: draft.search ?? searchEntryOf(row) };
}

/**
 * The texts and category translations of the given rows, in two queries whatever their number
 * (no query per project).
 */
async function withDetails(
  db: Db,
  rows: ProjectRow[],
  language: ContentLanguage | undefined,
  audience: ProjectAudience,
): Promise<ProjectRecord[]> {
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

  const texts = new Map<number, Required<ProjectTexts>>(
    ids.map((id) => [id, { title: [], content: [], scope: [], location: [], duration: [] }]),
  );
  for (const row of textRows) {
    texts.get(row.project_id)?.[row.field].push({ content: row.content, language: row.language as ContentLanguage });
  }
  return rows.map((row) => ({
    id: row.id,
    // The column (German) when the row has no localised line (written by a release before them).
    location: germanLine(texts.get(row.id)!.location) || row.location,
    workDuration: germanLine(texts.get(row.id)!.duration) || row.work_duration,
    client: row.client,
    // A category in the trash is no category until it is restored (the link stays in the row).
    categoryId: row.category_name === null ? null : row.category_id,
    category:
      row.category_id !== null && row.category_name !== null
        ? { id: row.category_id, name: row.category_name, translation: translations.get(row.category_id) ?? [] }
        : null,
    pictures: parsePictures(row.pictures),
    texts: texts.get(row.id)!,
    search: searchEntryIn(searchEntryOf(row), language),
    featured: row.featured_key !== null,
    position: Number(row.position),
    published: row.published === 1,
    draft: audience === 'staff' && row.draft ? draftOf(row.draft, row) : null,
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
  audience: ProjectAudience = 'visitor',
): Promise<ProjectRecord[]> {
  let query = matching(db, sort === 'featured' ? { ...filter, featured: true } : filter)
    .leftJoin(liveCategories(db).as('c'), 'c.id', 'p.category_id')
    .select(projectColumns(audience));
  if (sort === 'position') query = query.orderBy('p.order_key');
  else if (sort === 'featured') query = query.orderBy('p.featured_key');
  else if (sort === 'updated') query = query.orderBy('p.updated_at', 'desc').orderBy('p.id', 'desc');
  else {
    const direction = sort === 'newest' ? 'desc' : 'asc';
    query = query.orderBy('p.created_at', direction).orderBy('p.id', direction);
  }
  const rows = await query.limit(page.limit).offset(page.offset).execute();
  return withDetails(db, rows, filter.language, audience);
}

/** A project; a visitor's read finds published ones alone (a draft is as unknown as a made-up id). */
export async function findProject(
  db: Db,
  id: number,
  language?: ContentLanguage,
  audience: ProjectAudience = 'staff',
): Promise<ProjectRecord | undefined> {
  let query = db
    .selectFrom('projects as p')
    .leftJoin(liveCategories(db).as('c'), 'c.id', 'p.category_id')
    .select(projectColumns(audience))
    .where('p.id', '=', id)
    .where('p.deleted_at', 'is', null);
  if (audience === 'visitor') query = query.where('p.published', '=', 1);
  const row = await query.executeTakeFirst();
  return row ? (await withDetails(db, [row], language, audience))[0] : undefined;
}

export function textRows(projectId: number, texts: Required<ProjectTexts>) {
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
    await lockOrder(trx);
    const orderKey =
      values.placement === 'end'
        ? generateKeyBetween(await edgeKey(trx, 'order_key', 'last'), null)
        : generateKeyBetween(null, await edgeKey(trx, 'order_key', 'first'));
    const now = nowIso();
    const texts = fullTexts(values);
    const { id } = await trx
      .insertInto('projects')
      .values({
        order_key: orderKey,
        featured_key: values.featured ? await nextFeaturedKey(trx) : null,
        location_folded: locationFolded(texts.location),
        location: germanLine(texts.location),
        work_duration: germanLine(texts.duration),
        published: values.published === false ? 0 : 1,
        client: values.client,
        category_id: values.categoryId,
        pictures: JSON.stringify(values.pictures),
        ...searchEntryColumns(values.search ?? noSearchEntry),
        created_at: values.createdAt ?? now,
        updated_at: values.createdAt ?? now,
        sample: values.sample ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = textRows(id, texts);
    if (rows.length > 0) await trx.insertInto('project_texts').values(rows).execute();
    return id;
  });
}

/**
 * Replaces every field and clears the draft of changes; false if there is no such project.
 * `published`: the state it then has (left out: unchanged).
 */
export async function updateProject(db: Db, id: number, values: ProjectValues, published?: boolean): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const featuredKey = await featuringChange(trx, id, values.featured);
    if (featuredKey === false) return false;
    const texts = fullTexts(values);
    const result = await trx
      .updateTable('projects')
      .set({
        location: germanLine(texts.location),
        location_folded: locationFolded(texts.location),
        work_duration: germanLine(texts.duration),
        draft: null,
        ...(published === undefined ? {} : { published: published ? 1 : 0 }),
        client: values.client,
        category_id: values.categoryId,
        pictures: JSON.stringify(values.pictures),
        ...searchEntryColumns(values.search ?? noSearchEntry),
        ...featuredKey,
        updated_at: nowIso(),
        // Changed by staff: replaced, no longer sample content.
        sample: 0,
      })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('project_texts').where('project_id', '=', id).execute();
    const rows = textRows(id, texts);
    if (rows.length > 0) await trx.insertInto('project_texts').values(rows).execute();
    return true;
  });
}

/**
 * Deletes the project and its texts for good; answers the media keys it used (published and
 * draft), or undefined if there was none. `trashed`: only if it is in the trash (the purge: a
 * restore may have come first).
 */
export async function deleteProject(
  db: Db,
  id: number,
  options: { trashed?: boolean } = {},
): Promise<{ mediaKeys: string[] } | undefined> {
  return inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    if (options.trashed && !(await holdTrashedProject(trx, id))) return undefined;
    const row = await trx.selectFrom('projects').select(['pictures', 'draft']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    await trx.deleteFrom('project_texts').where('project_id', '=', id).execute();
    await trx.deleteFrom('projects').where('id', '=', id).execute();
    return { mediaKeys: projectMediaKeys(row) };
  });
}

/** Every published project's id and last change, for the sitemap (read once per content version). */
export async function listProjectChanges(db: Db): Promise<{ id: number; updatedAt: string }[]> {
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'updated_at'])
    .where('deleted_at', 'is', null)
    .where('published', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, updatedAt: row.updated_at }));
}

/** A project's pictures (every size, format and crop, published and in its draft) in the media store. */
export const projectStoredFiles: StoredFiles = {
  table: 'projects',
  columns: ['pictures', 'draft'],
  filesOf: (row) =>
    projectMediaKeys({
      pictures: typeof row['pictures'] === 'string' ? row['pictures'] : null,
      draft: typeof row['draft'] === 'string' ? row['draft'] : null,
    }).map((key) => ({ store: 'media', key })),
};

/**
 * A save's lock on the project (claimVersion, decision 036): a write that leaves the row as it is,
 * answering its version after any save that held it first; undefined if there is no such project.
 */
export async function lockProjectVersion(trx: Db, id: number): Promise<string | undefined> {
  const row = await trx
    .updateTable('projects')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .returning('updated_at')
    .executeTakeFirst();
  return row?.updated_at;
}
