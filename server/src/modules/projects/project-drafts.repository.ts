import { type Db, nowIso } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { bumpContentVersion } from '../content/content-version.repository';
import { categoryExists } from '../categories/categories.repository';
import { noSearchEntry } from '../content/search-entry';
import {
  type ProjectDraftValues,
  type ProjectRecord,
  type ProjectValues,
  findProject,
  fullTexts,
  updateProject,
} from './projects.repository';
import { featuringChange } from './project-order.repository';

/**
 * A project's values in one fixed form (the draft's JSON): generic over ProjectValues, so that
 * whatever a project gains (several pictures) is kept in a draft as it is in the columns.
 */
export function pendingValuesOf(values: ProjectValues): Omit<ProjectDraftValues, 'savedAt'> {
  const {
    createdAt: _created,
    featured: _featured,
    placement: _placement,
    sample: _sample,
    published: _published,
    ...rest
  } = values;
  const texts = fullTexts(values);
  return {
    ...rest,
    texts: { title: texts.title, content: texts.content, scope: texts.scope, location: texts.location, duration: texts.duration },
    search: values.search ?? noSearchEntry,
  };
}

/** The values visitors read of a project (its columns). */
export function publishedValuesOf(record: ProjectRecord): ProjectValues {
  return {
    location: record.location,
    workDuration: record.workDuration,
    client: record.client,
    categoryId: record.categoryId,
    pictures: record.pictures,
    texts: record.texts,
    search: record.search,
  };
}

/** What "Publish" would make live: the draft of changes, else the columns. */
export function pendingOf(record: ProjectRecord): ProjectValues {
  if (!record.draft) return publishedValuesOf(record);
  const { savedAt: _saved, ...values } = record.draft;
  return values;
}

function sameValues(a: ProjectValues, b: ProjectValues): boolean {
  const canonical = (v: ProjectValues) => {
    const pending = pendingValuesOf(v);
    return JSON.stringify(Object.fromEntries(Object.entries(pending).sort(([x], [y]) => x.localeCompare(y))));
  };
  return canonical(a) === canonical(b);
}

/**
 * Saves a published project's changes as a draft of changes: its columns (what visitors read)
 * stay as they are. A draft equal to the published values is no draft. Featuring is no draft
 * state: it changes at once (and with it the content version). False if there is no such project.
 */
export async function saveProjectDraft(db: Db, id: number, values: ProjectValues): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const featuredKey = await featuringChange(trx, id, values.featured);
    if (featuredKey === false) return false;
    const current = await findProject(trx, id);
    if (!current) return false;
    const draft = sameValues(values, publishedValuesOf(current))
      ? null
      : JSON.stringify({ ...pendingValuesOf(values), savedAt: nowIso() } satisfies ProjectDraftValues);
    if (featuredKey) await bumpContentVersion(trx);
    await trx
      .updateTable('projects')
      // A new version of the project for staff (decision 036): a second save of the version it
      // replaced is a stale one, refused like any other.
      .set({ draft, ...featuredKey, sample: 0, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

export type PublishOutcome = 'published' | 'not_found';

/**
 * Makes a project live with its pending values (the draft of changes, if any) in one
 * transaction; `check` refuses values that may not be published (it throws). The content
 * version changes: every kept page and answer is made anew.
 */
export async function publishProject(db: Db, id: number, check: (values: ProjectValues) => void): Promise<PublishOutcome> {
  return inTransaction(db, async (trx) => {
    const current = await findProject(trx, id);
    if (!current) return 'not_found';
    if (current.published && !current.draft) return 'published';
    const pending = pendingOf(current);
    // A category deleted since the draft was saved: none, as for the published values.
    const categoryGone = pending.categoryId !== null && !(await categoryExists(trx, pending.categoryId));
    const values = categoryGone ? { ...pending, categoryId: null } : pending;
    check(values);
    if (current.draft) await updateProject(trx, id, values, true);
    else {
      await bumpContentVersion(trx);
      await trx.updateTable('projects').set({ published: 1, updated_at: nowIso() }).where('id', '=', id).execute();
    }
    return 'published';
  });
}

/** Takes a project off the site (its draft of changes stays); false if there is no such project. */
export async function unpublishProject(db: Db, id: number): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('projects')
      .select('published')
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!current) return false;
    if (current.published === 0) return true;
    await bumpContentVersion(trx);
    await trx.updateTable('projects').set({ published: 0 }).where('id', '=', id).execute();
    return true;
  });
}

/** Throws the draft of changes away (visitors' values stay); false if there is no such project. */
export async function discardProjectDraft(db: Db, id: number): Promise<boolean> {
  const result = await db
    .updateTable('projects')
    .set({ draft: null, updated_at: nowIso() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
