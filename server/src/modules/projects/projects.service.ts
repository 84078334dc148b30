import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  type ContentLanguage,
  type LocalizedText,
  type Project,
  type ProjectList,
  type ProjectListQuery,
  categoryIdOf,
  featuredLimit,
  maxProjectPictures,
  type projectCreateSchema,
  type projectMoveSchema,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { type PictureChoice, legacyPicture, releasePictureKeys, resolvePictures } from './picture-uploads';
import { type ProjectPicture, missingPictureTextErrors, missingPictureTexts, pictureKeys, pictureRead } from './project-pictures';
import type { ObjectStorage } from '../../storage/object-storage';
import { categoryExists } from '../categories/categories.repository';
import {
  FeaturedLimitError,
  type ProjectRecord,
  type ProjectValues,
  countProjects,
  deleteProject,
  findProject,
  insertProject,
  listProjects,
  moveProject,
  updateProject,
} from './projects.repository';

/** `mediaUrl`: the address a picture's file is served at (mediaAddress). */
export type ProjectDeps = { db: Db; media: ObjectStorage; log: FastifyBaseLogger; mediaUrl: MediaAddress };
/** The fields of a create or update payload, as the contract's schema gives them. */
export type ProjectFields = Omit<z.output<typeof projectCreateSchema>, 'picture' | 'pictures'>;

export type MediaAddress = (key: string) => string;

/** Pictures served by the site itself, at /media/ (media.routes.ts). */
export const mediaUrl: MediaAddress = (key) => `/media/${key}`;

/** Picture addresses under MEDIA_PUBLIC_URL (a CDN in front of the bucket) when it is set, else the site's /media/. */
export function mediaAddress(publicBase: string | undefined): MediaAddress {
  return publicBase ? (key) => `${publicBase}${key}` : mediaUrl;
}

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

export function toProject(record: ProjectRecord, urlOf: MediaAddress = mediaUrl): Project {
  return {
    id: record.id,
    title: record.texts.title,
    content: record.texts.content,
    scopeOfWorks: record.texts.scope,
    location: record.location,
    workDuration: record.workDuration,
    client: record.client,
    categoryID: record.categoryId,
    category: record.category,
    ...coverFields(record.pictures, urlOf),
    pictures: record.pictures.map((p) => pictureRead(p, urlOf)),
    featured: record.featured,
    position: record.position,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/**
 * One page of projects and the number of all matches: a fixed number of queries (count, page,
 * texts, category translations) whatever the page length.
 */
export async function getProjectPage(db: Db, query: ProjectListQuery, urlOf: MediaAddress = mediaUrl): Promise<ProjectList> {
  const filter = {
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
    listProjects(db, filter, { limit: query.PageLength, offset }, query.Sort),
  ]);
  return { data: records.map((r) => toProject(r, urlOf)), count };
}

export async function getProject(
  db: Db,
  id: number,
  language?: ContentLanguage,
  urlOf: MediaAddress = mediaUrl,
): Promise<Project> {
  const record = await findProject(db, id, language);
  if (!record) throw notFound('Project');
  return toProject(record, urlOf);
}

async function checkedCategory(db: Db, value: ProjectFields['categoryID']): Promise<number | null> {
  const categoryId = categoryIdOf(value);
  if (categoryId !== null && !(await categoryExists(db, categoryId))) throw badRequest('categoryID', 'no category with this id');
  return categoryId;
}

function valuesOf(fields: ProjectFields, categoryId: number | null, pictures: ProjectPicture[]): ProjectValues {
  const texts = (list: LocalizedText[]) => [...list].sort((a, b) => a.language - b.language);
  return {
    featured: fields.featured,
    location: fields.location,
    workDuration: fields.workDuration,
    client: fields.client,
    categoryId,
    pictures: pictures.map((p) => ({ ...p, alt: texts(p.alt) })),
    texts: { title: texts(fields.title), content: texts(fields.content), scope: texts(fields.scopeOfWorks) },
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

/**
 * Alternative texts are required of a published project whose save states its pictures
 * (`pictures`): a save in SPEC.md §7's form (`picture` alone) cannot carry them and is not refused
 * (decision 034); publishing (drafts) checks missingPictureTexts itself.
 */
function checkPictureTexts(change: PictureChange, pictures: ProjectPicture[], published: boolean) {
  if (!published || change.pictures === undefined) return;
  const missing = missingPictureTexts(pictures);
  if (missing.length === 0) return;
  throw new HttpError(422, 'validation', 'Every picture needs its German and English alternative text, or is marked decorative', {
    errors: missingPictureTextErrors(missing),
  });
}

/** The pictures after a save, and the keys it stored (released again when the save fails). */
async function picturesAfter(deps: ProjectDeps, existing: ProjectPicture[], change: PictureChange, made: string[]) {
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
    const cover = await legacyPicture(deps, change.picture);
    made.push(...pictureKeys(cover));
    return [cover, ...existing.slice(1), ...added];
  }
  return [...existing, ...added];
}

/** Every key of the pictures a request uploaded as files. */
const fileKeys = (change: PictureChange) => [...(change.files?.values() ?? [])].flatMap(pictureKeys);

export async function createProject(deps: ProjectDeps, fields: ProjectFields, change: PictureChange): Promise<Project> {
  const made: string[] = fileKeys(change);
  try {
    if (change.pictures === undefined && !change.picture && !change.files?.size)
      throw badRequest('picture', 'a picture is required (`picture` or `pictures`)');
    const categoryId = await checkedCategory(deps.db, fields.categoryID);
    const pictures = await picturesAfter(deps, [], change, made);
    // Until drafts are merged, every project is published.
    checkPictureTexts(change, pictures, true);
    const id = await insertProject(deps.db, valuesOf(fields, categoryId, pictures)).catch((error: unknown) => {
      throw refusalOf(error);
    });
    return await getProject(deps.db, id, undefined, deps.mediaUrl);
  } catch (error) {
    await releasePictureKeys(deps, made);
    throw error;
  }
}

/** Replaces the fields; the pictures as `change` says. */
export async function changeProject(
  deps: ProjectDeps,
  id: number,
  fields: ProjectFields,
  change: PictureChange,
): Promise<Project> {
  const made: string[] = fileKeys(change);
  let existing;
  let pictures: ProjectPicture[];
  try {
    existing = await findProject(deps.db, id);
    if (!existing) throw notFound('Project');
    const categoryId = await checkedCategory(deps.db, fields.categoryID);
    pictures = await picturesAfter(deps, existing.pictures, change, made);
    checkPictureTexts(change, pictures, true);
    const updated = await updateProject(deps.db, id, valuesOf(fields, categoryId, pictures)).catch((error: unknown) => {
      throw refusalOf(error);
    });
    if (!updated) throw notFound('Project');
  } catch (error) {
    await releasePictureKeys(deps, made, existing?.pictures);
    throw error;
  }
  // The files of pictures (and crops) the project no longer has, and uploads it did not use.
  await releasePictureKeys(deps, [...existing.pictures.flatMap(pictureKeys), ...made], pictures);
  return getProject(deps.db, id, undefined, deps.mediaUrl);
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
  const outcome = await moveProject(deps.db, id, move.after, move.list);
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
      return getProject(deps.db, id, undefined, deps.mediaUrl);
  }
}

export async function removeProject(deps: ProjectDeps, id: number): Promise<void> {
  const deleted = await deleteProject(deps.db, id);
  if (!deleted) throw notFound('Project');
  await releasePictureKeys(deps, deleted.pictures.flatMap(pictureKeys));
}
