import { z } from 'zod';
import { bilingualTitleSchema } from './bilingual-title';
import { categorySchema } from './category';
import { projectListLimits } from './gallery';
import { maxProjectPictures, pictureDataUrlMaxLength } from './project-values';
import { contentLanguageSchema, hasUniqueLanguages, localizedTextSchema } from './languages';
import { pictureDataUrlSchema } from './picture-data-url';
import { emptyAsUndefined } from './query-values';
import { ignoredReadFields } from './read-only-fields';
import { searchEntryFieldsSchema } from './search-entry';

export const pictureSourceSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  type: z.string(),
});
export type PictureSource = z.infer<typeof pictureSourceSchema>;

/** A point of a picture, each coordinate from 0 (left, top) to 1 (right, bottom): what every crop keeps in view. */
export const focalPointSchema = z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });
export type FocalPoint = z.infer<typeof focalPointSchema>;

/** One picture of a project as read (decision 034). */
export const projectPictureSchema = z.object({
  /** A web-sized WebP of the whole picture: what identifies it when a save keeps it. */
  url: z.string(),
  /** Size of the largest variant of the whole picture. */
  width: z.number().int(),
  height: z.number().int(),
  /** The whole picture in every width and format. */
  sources: z.array(pictureSourceSchema),
  /** The 3:2 frame of cards and the detail page, cropped around `focus`; null until made (then crop the centre). */
  frame: z.object({ width: z.number().int(), height: z.number().int(), sources: z.array(pictureSourceSchema) }).nullable(),
  /** The link preview's 1200 × 630 picture around `focus`, or null until made. */
  shareImage: pictureSourceSchema.extend({ height: z.number().int() }).nullable(),
  /** The alternative text in each language; empty for a decorative picture. */
  alt: z.array(localizedTextSchema),
  focus: focalPointSchema,
  /** Adds nothing a text would say: shown with an empty alternative text, none needed to publish. */
  decorative: z.boolean(),
  /** The library's picture this one was copied from (decision 066), or null: an upload. */
  libraryFileId: z.number().int().nullable().optional(),
});
export type ProjectPicture = z.infer<typeof projectPictureSchema>;

/** The values staff edit: what a draft of changes holds (decision 033). */
const projectValuesShape = {
  title: z.array(localizedTextSchema),
  content: z.array(localizedTextSchema),
  scopeOfWorks: z.array(localizedTextSchema),
  /** The location in the requested language (`Language`), or the German one when none was asked for. */
  location: z.string(),
  workDuration: z.string(),
  /** The location in each language (decision 033): pages show the visitor's language's. */
  locationTranslations: z.array(localizedTextSchema),
  workDurationTranslations: z.array(localizedTextSchema),
  client: z.string(),
  /** A web-sized image ('' when the project has none). */
  picture: z.string(),
  /** Size of the largest variant, for width/height attributes (no layout shift). */
  pictureWidth: z.number().int().optional(),
  pictureHeight: z.number().int().optional(),
  pictureSources: z.array(pictureSourceSchema),
  /** Every picture in the staff's order, the first the cover (`picture` is the cover's `url`). */
  pictures: z.array(projectPictureSchema),
  /** The search engines' title and description per language (decision 059); none: made from the texts. */
  searchTitle: z.array(localizedTextSchema),
  searchDescription: z.array(localizedTextSchema),
};

/** A published project's pending values (staff only): what "Publish" makes live, with when it was saved. */
export const projectDraftSchema = z.object({
  ...projectValuesShape,
  categoryID: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type ProjectDraft = z.infer<typeof projectDraftSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  ...projectValuesShape,
  categoryID: z.number().int().nullable(),
  category: categorySchema.nullable(),
  /** Visitors only ever see published projects; staff (with a token) see drafts too, `published: false`. */
  published: z.boolean(),
  /** Staff only: the pending changes of a project (saved as a draft), null when there are none. */
  draft: projectDraftSchema.nullable().optional(),
  /** Shown on the home page (at most `featuredLimit` projects, in their own order). */
  featured: z.boolean(),
  /** Read-only: the project's place in the staff's order of the whole gallery, from 1. */
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

export { featuredLimit, maxProjectPictures, pictureDataUrlMaxLength, pictureLimits } from './project-values';

/** Orders of a project list: the staff's order (default), the featured selection's, by date. */
export const projectSortOptions = ['position', 'featured', 'newest', 'oldest', 'updated'] as const;
export type ProjectSort = (typeof projectSortOptions)[number];

export const projectListSchema = z.object({ data: z.array(projectSchema), count: z.number().int() });
export type ProjectList = z.infer<typeof projectListSchema>;

const filterText = z.preprocess(emptyAsUndefined, z.string().trim().max(200).optional());

export const projectListQuerySchema = z.object({
  Title: filterText,
  Description: filterText,
  /** 0 (as an old client sends for "none chosen") is the same as leaving it out. */
  CategoryID: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(2_147_483_647).optional()),
  PageLength: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(projectListLimits.maxPageLength).default(projectListLimits.defaultPageLength),
  ),
  PageNumber: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(projectListLimits.maxPageNumber).default(1)),
  Language: z.preprocess(emptyAsUndefined, z.coerce.number().pipe(contentLanguageSchema).optional()),
  /** Title (any language, or the one of `Language`) or location containing this, any case. */
  Search: filterText,
  /** `true`: only featured projects; `false`: only the others. */
  Featured: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  ),
  /** `featured` lists the featured projects alone, in their order. */
  Sort: z.preprocess(emptyAsUndefined, z.enum(projectSortOptions).optional()),
  /** Staff only: `true` the published projects, `false` the drafts (visitors see the published ones alone). */
  Published: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
  ),
});
export type ProjectListQuery = z.output<typeof projectListQuerySchema>;
export type ProjectListParams = z.input<typeof projectListQuerySchema>;

export { pictureDataUrlSchema } from './picture-data-url';

/** How many pictures of the largest size a JSON body has room for as data URLs (more go as multipart file parts). */
export const maxDataUrlPictures = 2;

const altTextsSchema = z
  .array(z.strictObject({ content: z.string().trim().max(500), language: contentLanguageSchema }))
  .max(2)
  .refine(hasUniqueLanguages, 'each language may appear once')
  .transform((texts) => texts.filter((t) => t.content !== ''));

/**
 * One picture of a create or update: a new one as a data URL (`url`) or as a multipart file part
 * (`file`: the part's field name), a kept one by its `url` as read, or a picture of the library
 * by `libraryFileId` alone (copied into the project, decision 066). The other fields a read gave
 * (sources, frame, …, and `libraryFileId` beside a `url`: where it came from) may be sent back;
 * they are ignored.
 */
export const pictureInputSchema = z
  .object({
    url: z.string().max(pictureDataUrlMaxLength).optional(),
    file: z
      .string()
      .regex(/^[A-Za-z0-9_.[\]-]{1,100}$/, 'must be the field name of a file part')
      .optional(),
    alt: altTextsSchema.default([]),
    focus: focalPointSchema.default({ x: 0.5, y: 0.5 }),
    decorative: z.boolean().default(false),
    libraryFileId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .refine(
    (p) => (p.url === undefined ? p.file !== undefined || typeof p.libraryFileId === 'number' : p.file === undefined),
    'a picture has either a url, a file or a libraryFileId',
  );
export type PictureInput = z.input<typeof pictureInputSchema>;

const picturesInputSchema = z.array(pictureInputSchema).max(maxProjectPictures);

const projectTextsSchema = z.array(localizedTextSchema).max(2).refine(hasUniqueLanguages, 'each language may appear once');

const shortLine = z.string().trim().max(200);
/**
 * A localised line (location, work duration): a string, as SPEC.md §7 sends it, is the value in
 * both languages; a list `{content, language}` gives each language its own (a language left out
 * takes the other's).
 */
const localizedLineSchema = z
  .union([
    shortLine,
    z
      .array(z.strictObject({ content: shortLine, language: contentLanguageSchema }))
      .max(2)
      .refine(hasUniqueLanguages, 'each language may appear once'),
  ])
  .default('');
export type LocalizedLine = z.output<typeof localizedLineSchema>;

const projectFieldsSchema = {
  /** SPEC.md §5: a project is not saved with a title missing, so both languages are required. */
  title: bilingualTitleSchema(z.string().trim().min(1).max(300)),
  content: projectTextsSchema.default([]),
  scopeOfWorks: projectTextsSchema.default([]),
  location: localizedLineSchema,
  workDuration: localizedLineSchema,
  client: shortLine.default(''),
  /** '0' (or empty, or null) means no category, as the original client sends it. */
  categoryID: z
    .union([z.string().regex(/^\d{0,9}$/, 'must be a category id'), z.number().int().min(0).max(2_147_483_647), z.null()])
    .default('0'),
  /** Left out: not featured on create, unchanged on update. A featured project joins the end of the selection. */
  featured: z.boolean().optional(),
  /**
   * Create: left out publishes (as SPEC.md's dashboard expects); false keeps it a draft. Update:
   * true saves and publishes; false keeps a draft a draft and saves a published project's changes
   * as a draft of changes (visitors keep seeing the published values); left out saves a published
   * project live and a draft as a draft.
   */
  published: z.boolean().optional(),
  /** Every picture in order, the first the cover; left out on update: unchanged. */
  pictures: picturesInputSchema.optional(),
  /** The search engines' title and description (decision 059); left out on update: unchanged. */
  ...searchEntryFieldsSchema,
};

/** `picture` (SPEC.md §7): the cover as a data URL; required unless `pictures` is sent. */
export const projectCreateSchema = z.strictObject({ ...projectFieldsSchema, picture: pictureDataUrlSchema.optional() });
export type ProjectCreate = z.input<typeof projectCreateSchema>;

/** `picture`: a new data URL replaces the cover; left out (or the URL as read) keeps it. */
const projectUpdateFields = {
  id: z.coerce.number().int().positive().max(2_147_483_647),
  ...projectFieldsSchema,
  picture: z.union([pictureDataUrlSchema, z.string().max(2000), z.null()]).optional(),
  /** The `updatedAt` the project had when read: a save of a changed one is refused with 409 (decision 036). */
  updatedAt: z.string().max(40).optional(),
};
/** What a read answers besides (`draft`, `position`, `locationTranslations`, …) may be sent back: it is ignored. */
export const projectUpdateSchema = z.strictObject({
  ...ignoredReadFields(projectSchema.shape, projectUpdateFields),
  ...projectUpdateFields,
});
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;
export const projectUpdateByPathSchema = projectUpdateSchema.partial({ id: true });

/**
 * Moves one project: directly after the project `after`, or to the top (`after: null`), in the
 * staff's order of the gallery or (`list: "featured"`) in the featured selection.
 */
export const projectMoveSchema = z.strictObject({
  after: z.number().int().positive().max(2_147_483_647).nullable(),
  list: z.enum(['gallery', 'featured']).default('gallery'),
});
export type ProjectMove = z.input<typeof projectMoveSchema>;

/** An id in a path: decimal digits only (`1e3`, `0x10` or ` 7` are not ids). */
export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
});

/** The category id of a create/update payload: null for none. */
export function categoryIdOf(value: string | number | null | undefined): number | null {
  const id = typeof value === 'string' ? Number(value || '0') : (value ?? 0);
  return id > 0 ? id : null;
}
