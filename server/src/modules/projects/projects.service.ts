import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  type ContentLanguage,
  type LocalizedLine,
  type LocalizedText,
  type Project,
  type ProjectDraft,
  type ProjectList,
  type ProjectListQuery,
  categoryIdOf,
  featuredLimit,
  maxProjectPictures,
  type projectCreateSchema,
  type projectMoveSchema,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { type MediaAddress, mediaUrl } from '../../media/media-address';
import { recordChange } from '../audit/audit.recorder';
import { claimVersion } from '../audit/edit-version';
import { projectEntry } from './project-audit';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { type PictureChoice, legacyPicture, releasePictureKeys, resolvePictures } from './picture-uploads';
import { type ProjectPicture, missingPictureTextErrors, missingPictureTexts, pictureKeys, pictureRead } from './project-pictures';
import type { ObjectStorage } from '../../storage/object-storage';
import { categoryExists } from '../categories/categories.repository';
import { assertPublishable } from './project-publishable';
import { discardProjectDraft, pendingOf, publishProject, saveProjectDraft, unpublishProject } from './project-drafts.repository';
import { picturesOf } from './project-media-keys';
import { FeaturedLimitError, moveProject } from './project-order.repository';
import {
  type ProjectAudience,
  type ProjectDraftValues,
  type ProjectRecord,
  type ProjectValues,
  countProjects,
  deleteProject,
  findProject,
  insertProject,
  listProjects,
  lockProjectVersion,
  updateProject,
} from './projects.repository';
import { trashProject } from './project-trash.repository';
import { type SearchEntry, noSearchEntry, searchEntryFrom } from '../content/search-entry';

/** `mediaUrl`: the address a picture's file is served at (mediaAddress). */
export type ProjectDeps = { db: Db; media: ObjectStorage; log: FastifyBaseLogger; mediaUrl: MediaAddress };
/** The fields of a create or update payload, as the contract's schema gives them. */
export type ProjectFields = Omit<z.output<typeof projectCreateSchema>, 'picture' | 'pictures'>;

/** SPEC.md §7's picture fields: the cover's. */
function coverFields(
  pictures: ProjectPicture[],
  urlOf: MediaAddress,
): Pick<Project, 'picture' | 'pictureSources' | 'pictureWidth' | 'pictureHeight'> {
  const cover = pictures[0];
  if (!cover || cover.variants.length === 0) return { picture: '', pictureSources: [] };
  const read = pictureRead(cover, urlOf);
  return { picture: read.url, pictureSources: read.sources, pictureWidth: cover.width, pictureHeight: cover.height };
}

/** The line of the language read: a language's read has that language's alone, else the German one. */
function lineOf(texts: LocalizedText[] | undefined, fallback: string): string {
  if (!texts || texts.length === 0) return fallback;
  return (texts.find((t) => t.language === 2) ?? texts[0])!.content;
}

/** The values staff edit, as read (a project's or its draft's). */
function valueFields(
  values: Pick<ProjectRecord, 'texts' | 'location' | 'workDuration' | 'client' | 'pictures' | 'search'>,
  urlOf: MediaAddress,
) {
  return {
    title: values.texts.title,
    content: values.texts.content,
    scopeOfWorks: values.texts.scope,
    location: lineOf(values.texts.location, values.location),
    workDuration: lineOf(values.texts.duration, values.workDuration),
    locationTranslations: values.texts.location ?? [],
    workDurationTranslations: values.texts.duration ?? [],
    client: values.client,
    ...coverFields(values.pictures, urlOf),
    pictures: values.pictures.map((p) => pictureRead(p, urlOf)),
    searchTitle: values.search.title,
    searchDescription: values.search.description,
  };
}

function toDraft(draft: ProjectDraftValues, urlOf: MediaAddress): ProjectDraft {
  return { ...valueFields(draft, urlOf), categoryID: draft.categoryId, updatedAt: draft.savedAt };
}

/** A project as read; staff's read carries the draft of changes (`draft`), a visitor's never. */
export function toProject(record: ProjectRecord, urlOf: MediaAddress = mediaUrl, audience: ProjectAudience = 'visitor'): Project {
  return {
    id: record.id,
    ...valueFields(record, urlOf),
    categoryID: record.categoryId,
    category: record.category,
    published: record.published,
    ...(audience === 'staff' ? { draft: record.draft ? toDraft(record.draft, urlOf) : null } : {}),
    featured: record.featured,
    position: record.position,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * A project as its preview shows it (staff only, never kept): its pending values — the draft of
 * changes, else its own — whether published or not.
 */
export async function getProjectPreview(db: Db, id: number, urlOf: MediaAddress = mediaUrl): Promise<Project> {
  const record = await findProject(db, id, undefined, 'staff');
  if (!record) throw notFound('Project');
  const pending = pendingOf(record);
  return toProject({ ...record, ...pending, texts: pending.texts, draft: null }, urlOf);
}

/**
 * One page of projects and the number of all matches: a fixed number of queries (count, page,
 * texts, category translations) whatever the page length.
 */
export async function getProjectPage(
  db: Db,
  query: ProjectListQuery,
  urlOf: MediaAddress = mediaUrl,
  audience: ProjectAudience = 'visitor',
): Promise<ProjectList> {
  const filter = {
    // A visitor sees the published projects alone, whatever the query says.
    published: audience === 'visitor' ? true : query.Published,
    title: query.Title,
    description: query.Description,
    categoryId: query.CategoryID || undefined,
    language: query.Language,
    search: query.Search,
    featured: query.Sort === 'featured' ? true : query.Featured,
  };
  const offset = (query.PageNumber - 1) * query.PageLength;
  // The count and the page do not depend on each other: on PostgreSQL they go out at once, one
  // round trip less for every answer not kept (a page past the end is simply empty, not an
  // error: the count tells the client where the end is).
  const [count, records] = await Promise.all([
    countProjects(db, filter),
    listProjects(db, filter, { limit: query.PageLength, offset }, query.Sort, audience),
  ]);
  return { data: records.map((r) => toProject(r, urlOf, audience)), count };
}

/** A project; a draft's id is unknown to a visitor (404). */
export async function getProject(
  db: Db,
  id: number,
  language?: ContentLanguage,
  urlOf: MediaAddress = mediaUrl,
  audience: ProjectAudience = 'visitor',
): Promise<Project> {
  const record = await findProject(db, id, language, audience);
  if (!record) throw notFound('Project');
  return toProject(record, urlOf, audience);
}

/** Staff's read of a project after a change. */
const staffRead = (deps: ProjectDeps, id: number) => getProject(deps.db, id, undefined, deps.mediaUrl, 'staff');

/** The media keys a project record uses: its published pictures' and its draft's, crops included. */
function recordKeys(record: ProjectRecord): string[] {
  return [...picturesOf(record), ...(record.draft ? picturesOf(record.draft) : [])].flatMap(pictureKeys);
}

async function checkedCategory(db: Db, value: ProjectFields['categoryID']): Promise<number | null> {
  const categoryId = categoryIdOf(value);
  if (categoryId !== null && !(await categoryExists(db, categoryId))) throw badRequest('categoryID', 'no category with this id');
  return categoryId;
}

const byLanguage = (list: LocalizedText[]) => [...list].sort((a, b) => a.language - b.language);

/**
 * A localised line as stored: a string is both languages' value; a list of one language gives
 * the other the same value; a list of both keeps each as given (an empty one: none).
 */
function lineTexts(line: LocalizedLine): LocalizedText[] {
  if (typeof line === 'string' || line.length === 1) {
    const content = typeof line === 'string' ? line : line[0]!.content;
    return content ? [1 as const, 2 as const].map((language) => ({ content, language })) : [];
  }
  return byLanguage(line.filter((t) => t.content !== ''));
}

/** `kept`: the search entry's fields a save leaves out keep this (the pending values' entry). */
function valuesOf(
  fields: ProjectFields,
  categoryId: number | null,
  pictures: ProjectPicture[],
  kept: SearchEntry = noSearchEntry,
): ProjectValues {
  const location = lineTexts(fields.location);
  const duration = lineTexts(fields.workDuration);
  return {
    featured: fields.featured,
    location: location.find((t) => t.language === 2)?.content ?? location[0]?.content ?? '',
    workDuration: duration.find((t) => t.language === 2)?.content ?? duration[0]?.content ?? '',
    client: fields.client,
    categoryId,
    pictures: pictures.map((p) => ({ ...p, alt: byLanguage(p.alt) })),
    texts: {
      title: byLanguage(fields.title),
      content: byLanguage(fields.content),
      scope: byLanguage(fields.scopeOfWorks),
      location,
      duration,
    },
    search: searchEntryFrom(fields, kept),
  };
}

/**
 * What a save says of pictures: `pictures` (the whole list), or SPEC.md §7's `picture` (a data
 * URL sets or replaces the cover; anything else keeps the pictures), and the files of a
 * multipart request already stored under their field names.
 */
export type PictureChange = {
  pictures?: PictureChoice[] | undefined;
  picture?: string | null | undefined;
  files?: ReadonlyMap<string, ProjectPicture>;
};

/** The refusal of pictures without their alternative texts (decision 034). */
function assertPictureTexts(pictures: readonly ProjectPicture[]) {
  const missing = missingPictureTexts(pictures);
  if (missing.length === 0) return;
  throw new HttpError(422, 'validation', 'Every picture needs its German and English alternative text, or is marked decorative', {
    errors: missingPictureTextErrors(missing),
  });
}

/**
 * Alternative texts are required of a save that goes live and states its pictures (`pictures`):
 * a save in SPEC.md §7's form (`picture` alone) cannot carry them and is not refused (decision
 * 034); "Publish" checks them whatever the save said (publishable below).
 */
function checkPictureTexts(change: PictureChange, pictures: ProjectPicture[], live: boolean) {
  if (live && change.pictures !== undefined) assertPictureTexts(pictures);
}

/** The check of "Publish": both titles, and every picture's alternative texts (or decorative). */
function publishable(values: ProjectValues): void {
  assertPublishable(values);
  assertPictureTexts(values.pictures);
}

/**
 * The pictures after a save, and the keys it stored (released again when the save fails). A
 * cover sent in SPEC.md §7's form (`picture`) cannot carry alternative texts: it takes the
 * project's title in each language as its texts, which staff can change in the dashboard
 * (decision 034), so that such a client's project can be published.
 */
async function picturesAfter(
  deps: ProjectDeps,
  existing: ProjectPicture[],
  change: PictureChange,
  made: string[],
  title: LocalizedText[],
) {
  if (change.pictures !== undefined) {
    if (typeof change.picture === 'string' && change.picture.startsWith('data:'))
      throw badRequest('picture', 'send the cover either as `picture` or in `pictures`, not both');
    return resolvePictures(deps, existing, change.pictures, change.files ?? new Map(), made);
  }
  // Files of a multipart save without `pictures`: added after the pictures kept.
  const added = [...(change.files?.values() ?? [])];
  if (existing.length + added.length > maxProjectPictures)
    throw badRequest('pictures', `a project has at most ${maxProjectPictures} pictures`);
  if (typeof change.picture === 'string' && change.picture.startsWith('data:')) {
    const cover = { ...(await legacyPicture(deps, change.picture)), alt: byLanguage(title) };
    made.push(...pictureKeys(cover));
    return [cover, ...existing.slice(1), ...added];
  }
  return [...existing, ...added];
}

/** Every key of the pictures a request uploaded as files. */
const fileKeys = (change: PictureChange) => [...(change.files?.values() ?? [])].flatMap(pictureKeys);

/** A create publishes unless `published: false` says it is a draft. */
export async function createProject(deps: ProjectDeps, fields: ProjectFields, change: PictureChange): Promise<Project> {
  const made: string[] = fileKeys(change);
  try {
    if (change.pictures === undefined && !change.picture && !change.files?.size)
      throw badRequest('picture', 'a picture is required (`picture` or `pictures`)');
    const categoryId = await checkedCategory(deps.db, fields.categoryID);
    const published = fields.published !== false;
    if (published) assertPublishable(valuesOf(fields, categoryId, []));
    const pictures = await picturesAfter(deps, [], change, made, fields.title);
    checkPictureTexts(change, pictures, published);
    const values = { ...valuesOf(fields, categoryId, pictures), published };
    const id = await inTransaction(deps.db, async (trx) => {
      const newId = await insertProject(trx, values);
      await recordChange(trx, projectEntry('create', newId, undefined, values));
      return newId;
    }).catch((error: unknown) => {
      throw refusalOf(error);
    });
    return await staffRead(deps, id);
  } catch (error) {
    await releasePictureKeys(deps, made);
    throw error;
  }
}

/**
 * Saves a project (decision 033). `published: true` saves and publishes; `false` saves a draft's
 * values, or a published project's as a draft of changes (visitors keep the published ones);
 * left out, a published project is saved live and a draft stays a draft. The values saved start
 * from the pending ones; the pictures as `change` says (decision 034).
 */
export async function changeProject(
  deps: ProjectDeps,
  id: number,
  { updatedAt, ...fields }: ProjectFields & { updatedAt?: string | undefined },
  change: PictureChange,
): Promise<Project> {
  const made: string[] = fileKeys(change);
  let existing: ProjectRecord | undefined;
  try {
    existing = await findProject(deps.db, id, undefined, 'staff');
    if (!existing) throw notFound('Project');
    const before = existing;
    const categoryId = await checkedCategory(deps.db, fields.categoryID);
    const asDraftOfChanges = existing.published && fields.published === false;
    const publish = fields.published ?? existing.published;
    const live = publish && !asDraftOfChanges;
    if (live) assertPublishable(valuesOf(fields, categoryId, []));
    const pictures = await picturesAfter(deps, pendingOf(existing).pictures, change, made, fields.title);
    checkPictureTexts(change, pictures, live);
    const values = valuesOf(fields, categoryId, pictures, pendingOf(existing).search);
    const saved = await inTransaction(deps.db, async (trx) => {
      await claimVersion(trx, lockProjectVersion, 'project', id, updatedAt);
      const done = await (asDraftOfChanges ? saveProjectDraft(trx, id, values) : updateProject(trx, id, values, publish));
      if (done) await recordChange(trx, projectEntry(asDraftOfChanges ? 'saveDraft' : 'update', id, before, values));
      return done;
    }).catch((error: unknown) => {
      throw refusalOf(error);
    });
    if (!saved) throw notFound('Project');
  } catch (error) {
    await releasePictureKeys(deps, made, existing ? [...picturesOf(existing), ...(existing.draft?.pictures ?? [])] : []);
    throw error;
  }
  // The files of pictures (and crops) no version of any project has any more, and uploads it did not use.
  await releasePictureKeys(deps, [...recordKeys(existing), ...made]);
  return staffRead(deps, id);
}

/** Makes a project live with its pending values; refused (400, 422) when they cannot be published. */
export async function publish(deps: ProjectDeps, id: number): Promise<Project> {
  const existing = await findProject(deps.db, id, undefined, 'staff');
  if (!existing) throw notFound('Project');
  const outcome = await inTransaction(deps.db, async (trx) => {
    const done = await publishProject(trx, id, publishable);
    if (done !== 'not_found') await recordChange(trx, { ...projectEntry('update', id, existing), action: 'publish' });
    return done;
  });
  if (outcome === 'not_found') throw notFound('Project');
  await releasePictureKeys(deps, recordKeys(existing));
  return staffRead(deps, id);
}

/** Takes a project off the site: visitors no longer find it; its draft of changes stays. */
export async function unpublish(deps: ProjectDeps, id: number): Promise<Project> {
  const done = await inTransaction(deps.db, async (trx) => {
    const before = await findProject(trx, id, undefined, 'staff');
    const taken = await unpublishProject(trx, id);
    if (taken) await recordChange(trx, { ...projectEntry('update', id, before), action: 'unpublish' });
    return taken;
  });
  if (!done) throw notFound('Project');
  return staffRead(deps, id);
}

/** Throws a project's draft of changes away; the published values stay. */
export async function discardDraft(deps: ProjectDeps, id: number): Promise<Project> {
  const existing = await findProject(deps.db, id, undefined, 'staff');
  const discarded =
    existing !== undefined &&
    (await inTransaction(deps.db, async (trx) => {
      const done = await discardProjectDraft(trx, id);
      if (done) await recordChange(trx, { ...projectEntry('update', id, existing), action: 'discardDraft' });
      return done;
    }));
  if (!discarded) throw notFound('Project');
  await releasePictureKeys(deps, recordKeys(existing));
  return staffRead(deps, id);
}

/** The featuring limit's refusal as the client reads it: 409, code `featured_limit`, the field named. */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof FeaturedLimitError)) return error;
  return new HttpError(409, 'featured_limit', `At most ${featuredLimit} projects can be featured on the home page`, {
    errors: [{ field: 'featured', message: error.message }],
  });
}

/** Moves a project in the staff's order or the featured selection; answers it as it is then. */
export async function relocateProject(deps: ProjectDeps, id: number, move: z.output<typeof projectMoveSchema>): Promise<Project> {
  const outcome = await inTransaction(deps.db, async (trx) => {
    const moved = await moveProject(trx, id, move.after, move.list);
    if (moved === 'moved') {
      const note = `${move.list === 'featured' ? 'featured order' : 'order'}: after ${move.after ?? 'none (top)'}`;
      await recordChange(trx, { ...projectEntry('update', id, await findProject(trx, id)), action: 'move', note });
    }
    return moved;
  });
  switch (outcome) {
    case 'not_found':
      throw notFound('Project');
    case 'after_not_found':
      throw new HttpError(404, 'not_found', 'The project to move after was not found', {
        errors: [{ field: 'after', message: 'no project with this id' }],
      });
    case 'not_featured':
      throw badRequest('list', 'the project is not featured: feature it before moving it in the featured list');
    case 'after_not_featured':
      throw badRequest('after', 'this project is not featured');
    default:
      return staffRead(deps, id);
  }
}

/** The dashboard's delete: to the trash (decision 037), `by` the signed-in user's name; the files stay until it is purged. */
export async function discardProject(deps: ProjectDeps, id: number, by: string): Promise<void> {
  const trashed = await inTransaction(deps.db, async (trx) => {
    const before = await findProject(trx, id);
    const done = await trashProject(trx, id, by);
    if (done) await recordChange(trx, projectEntry('delete', id, before));
    return done;
  });
  if (!trashed) throw notFound('Project');
}

/**
 * Deletes a project in the trash for good, with the files no other project uses (trashed ones
 * count as users until they are purged in turn). False if it is not in the trash (restored meanwhile).
 */
export async function purgeProject(deps: Pick<ProjectDeps, 'db' | 'media' | 'log'>, id: number): Promise<boolean> {
  const deleted = await deleteProject(deps.db, id, { trashed: true });
  if (!deleted) return false;
  await releasePictureKeys(deps, deleted.mediaKeys);
  return true;
}

/** Deletes a project for good with the files only it used (the go-live checklist's sample removal). */
export async function removeProject(deps: ProjectDeps, id: number): Promise<void> {
  const deleted = await inTransaction(deps.db, async (trx) => {
    const before = await findProject(trx, id);
    const gone = await deleteProject(trx, id);
    if (gone) await recordChange(trx, projectEntry('delete', id, before));
    return gone;
  });
  if (!deleted) throw notFound('Project');
  await releasePictureKeys(deps, deleted.mediaKeys);
}

/**
 * A draft made by an import (decision 054), in the caller's transaction (the import records the
 * post it came from in the same one, so that a crash leaves both or neither), and in the audit
 * trail. Its pictures are stored already (storeUpload); it is never published here: staff review
 * it and publish it in the usual flow, which checks both titles and every alternative text.
 */
export async function insertImportedDraft(trx: Db, values: ProjectValues): Promise<number> {
  const draft: ProjectValues = { ...values, published: false, featured: false, placement: 'top' };
  const id = await insertProject(trx, draft);
  await recordChange(trx, { ...projectEntry('create', id, undefined, draft), note: 'imported from WordPress' });
  return id;
}
