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
  type PictureSource,
  categoryIdOf,
  featuredLimit,
  type projectCreateSchema,
  type projectMoveSchema,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import { claimVersion } from '../audit/edit-version';
import { projectEntry } from '../audit/item-changes';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import {
  PictureError,
  type StoredPicture,
  decodePictureDataUrl,
  processPicture,
  storedPictureOf,
} from '../../media/image-pipeline';
import { pictureObjectOptions } from '../../media/media-storage';
import type { ObjectStorage } from '../../storage/object-storage';
import { categoryExists } from '../categories/categories.repository';
import { assertPublishable } from './project-publishable';
import { discardProjectDraft, pendingOf, publishProject, saveProjectDraft, unpublishProject } from './project-drafts.repository';
import { picturesOf } from './project-media-keys';
import {
  FeaturedLimitError,
  type ProjectAudience,
  type ProjectDraftValues,
  type ProjectRecord,
  type ProjectValues,
  countProjects,
  deleteProject,
  findProject,
  insertProject,
  listProjects,
  moveProject,
  trashProject,
  referencedMediaKeys,
  updateProject,
} from './projects.repository';

/** `mediaUrl`: the address a picture's file is served at (mediaAddress). */
export type ProjectDeps = { db: Db; media: ObjectStorage; log: FastifyBaseLogger; mediaUrl: MediaAddress };
/** The fields of a create or update payload, as the contract's schema gives them. */
export type ProjectFields = Omit<z.output<typeof projectCreateSchema>, 'picture'>;

export type MediaAddress = (key: string) => string;

/** Pictures served by the site itself, at /media/ (media.routes.ts). */
export const mediaUrl: MediaAddress = (key) => `/media/${key}`;

/** Picture addresses under MEDIA_PUBLIC_URL (a CDN in front of the bucket) when it is set, else the site's /media/. */
export function mediaAddress(publicBase: string | undefined): MediaAddress {
  return publicBase ? (key) => `${publicBase}${key}` : mediaUrl;
}

/** The width the `picture` URL has: what a content column shows at twice its CSS width. */
const webSizedWidth = 960;

function pictureFields(
  picture: StoredPicture | null,
  urlOf: MediaAddress,
): Pick<Project, 'picture' | 'pictureSources' | 'pictureWidth' | 'pictureHeight'> {
  if (!picture || picture.variants.length === 0) return { picture: '', pictureSources: [] };
  const webp = picture.variants.filter((v) => v.type === 'image/webp').sort((a, b) => a.width - b.width);
  const webSized = [...webp].reverse().find((v) => v.width <= webSizedWidth) ?? webp[0] ?? picture.variants[0]!;
  const pictureSources: PictureSource[] = picture.variants.map((v) => ({ url: urlOf(v.key), width: v.width, type: v.type }));
  return { picture: urlOf(webSized.key), pictureSources, pictureWidth: picture.width, pictureHeight: picture.height };
}

/** The line of the language read: a language's read has that language's alone, else the German one. */
function lineOf(texts: LocalizedText[] | undefined, fallback: string): string {
  if (!texts || texts.length === 0) return fallback;
  return (texts.find((t) => t.language === 2) ?? texts[0])!.content;
}

/** The values staff edit, as read (a project's or its draft's). */
function valueFields(
  values: Pick<ProjectRecord, 'texts' | 'location' | 'workDuration' | 'client' | 'picture'>,
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
    ...pictureFields(values.picture, urlOf),
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

/** Decodes, checks and re-encodes an uploaded picture and stores its variants. */
async function storePicture(deps: ProjectDeps, dataUrl: string): Promise<StoredPicture> {
  let encoded;
  try {
    encoded = await processPicture(decodePictureDataUrl(dataUrl));
  } catch (error) {
    if (!(error instanceof PictureError)) throw error;
    const errors = [{ field: 'picture', message: error.message }];
    throw error.reason === 'too_large'
      ? new HttpError(413, 'payload_too_large', error.message, { errors })
      : new HttpError(400, 'validation', `Invalid field: picture (${error.message})`, { errors });
  }
  await Promise.all(encoded.variants.map((v) => deps.media.put(v.key, v.data, pictureObjectOptions(v.key))));
  return storedPictureOf(encoded);
}

/** Every media key of these pictures. */
function keysOf(pictures: (StoredPicture | null | undefined)[]): string[] {
  return [...new Set(pictures.flatMap((p) => p?.variants.map((v) => v.key) ?? []))];
}

/** The media keys a project record uses: its published values' and its draft's (project-media-keys.ts). */
function recordKeys(record: ProjectRecord): string[] {
  return keysOf([...picturesOf(record), ...(record.draft ? picturesOf(record.draft) : [])]);
}

/**
 * Removes the files, of these, that no project uses any more — published or in a draft of
 * changes (referencedMediaKeys asks the database). Runs after the database change is committed:
 * a failure here leaves an unused file behind, never a project without its picture.
 */
async function releasePictures(deps: Pick<ProjectDeps, 'db' | 'media' | 'log'>, candidates: string[]) {
  const keys = [...new Set(candidates)];
  if (keys.length === 0) return;
  try {
    const used = await referencedMediaKeys(deps.db, keys);
    await deps.media.remove(keys.filter((key) => !used.has(key)));
  } catch (error) {
    deps.log.warn({ err: error, keys }, 'could not remove unused picture files');
  }
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

function valuesOf(fields: ProjectFields, categoryId: number | null, picture: StoredPicture | null): ProjectValues {
  const location = lineTexts(fields.location);
  const duration = lineTexts(fields.workDuration);
  return {
    featured: fields.featured,
    location: location.find((t) => t.language === 2)?.content ?? location[0]?.content ?? '',
    workDuration: duration.find((t) => t.language === 2)?.content ?? duration[0]?.content ?? '',
    client: fields.client,
    categoryId,
    picture,
    texts: {
      title: byLanguage(fields.title),
      content: byLanguage(fields.content),
      scope: byLanguage(fields.scopeOfWorks),
      location,
      duration,
    },
  };
}

/** A create publishes unless `published: false` says it is a draft. */
export async function createProject(deps: ProjectDeps, fields: ProjectFields, pictureDataUrl: string): Promise<Project> {
  const categoryId = await checkedCategory(deps.db, fields.categoryID);
  const published = fields.published !== false;
  // Checked before the picture is stored: a refusal leaves nothing behind.
  if (published) assertPublishable(valuesOf(fields, categoryId, null));
  const picture = await storePicture(deps, pictureDataUrl);
  let id: number;
  try {
    const values = { ...valuesOf(fields, categoryId, picture), published };
    id = await inTransaction(deps.db, async (trx) => {
      const newId = await insertProject(trx, values);
      await recordChange(trx, projectEntry('create', newId, undefined, values));
      return newId;
    });
  } catch (error) {
    await releasePictures(deps, keysOf([picture]));
    throw refusalOf(error);
  }
  return staffRead(deps, id);
}

/**
 * Saves a project (decision 033). `published: true` saves and publishes; `false` saves a draft's
 * values, or a published project's as a draft of changes (visitors keep the published ones);
 * left out, a published project is saved live and a draft stays a draft. The values saved start
 * from the pending ones: `picture` as a data URL replaces the picture, anything else (left out,
 * the URL as read) keeps the pending one.
 */
export async function changeProject(
  deps: ProjectDeps,
  id: number,
  { updatedAt, ...fields }: ProjectFields & { updatedAt?: string | undefined },
  pictureValue: string | null | undefined,
): Promise<Project> {
  const existing = await findProject(deps.db, id, undefined, 'staff');
  if (!existing) throw notFound('Project');
  const categoryId = await checkedCategory(deps.db, fields.categoryID);
  const replaced = typeof pictureValue === 'string' && pictureValue.startsWith('data:');
  const asDraftOfChanges = existing.published && fields.published === false;
  const publish = fields.published ?? existing.published;
  if (publish && !asDraftOfChanges) assertPublishable(valuesOf(fields, categoryId, null));
  const picture = replaced ? await storePicture(deps, pictureValue) : pendingOf(existing).picture;
  const values = valuesOf(fields, categoryId, picture);
  const saved = await inTransaction(deps.db, async (trx) => {
    await claimVersion(trx, 'projects', 'project', id, updatedAt);
    const done = await (asDraftOfChanges ? saveProjectDraft(trx, id, values) : updateProject(trx, id, values, publish));
    if (done) await recordChange(trx, projectEntry(asDraftOfChanges ? 'saveDraft' : 'update', id, existing, values));
    return done;
  }).catch(async (error: unknown) => {
    if (replaced) await releasePictures(deps, keysOf([picture]));
    throw refusalOf(error);
  });
  // The files the project no longer uses (a replaced picture, a draft's given up), unless another uses them.
  await releasePictures(deps, [...recordKeys(existing), ...(replaced ? keysOf([picture]) : [])]);
  if (!saved) throw notFound('Project');
  return staffRead(deps, id);
}

/** Makes a project live with its pending values; refused (400) when they cannot be published. */
export async function publish(deps: ProjectDeps, id: number): Promise<Project> {
  const existing = await findProject(deps.db, id, undefined, 'staff');
  if (!existing) throw notFound('Project');
  const outcome = await inTransaction(deps.db, async (trx) => {
    const done = await publishProject(trx, id, assertPublishable);
    if (done !== 'not_found') await recordChange(trx, { ...projectEntry('update', id, existing), action: 'publish' });
    return done;
  });
  if (outcome === 'not_found') throw notFound('Project');
  await releasePictures(deps, recordKeys(existing));
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
  await releasePictures(deps, recordKeys(existing));
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
  await releasePictures(deps, deleted.mediaKeys);
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
  await releasePictures(deps, deleted.mediaKeys);
}
