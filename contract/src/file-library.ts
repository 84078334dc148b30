import { z } from 'zod';
import { attachmentTypes, extensionOf } from './contact-rules';
import { fileUseSchema } from './file-use';
import { ignoredReadFields } from './read-only-fields';
import { oneLine } from './one-line';
import { pictureLimits } from './project-values';

// The file library (issue 45, decision 060): pictures and documents uploaded once, with a title
// and alternative texts in both languages, used by pages, news and references, each at an address
// that stays the same when the file is replaced.

const MB = 1024 * 1024;

export const fileKinds = ['picture', 'document'] as const;
export const fileKindSchema = z.enum(fileKinds);
export type FileKind = z.infer<typeof fileKindSchema>;

export const fileLibraryLimits = {
  title: 200,
  alt: 300,
  /** A document (a flyer, a data sheet): larger than an inquiry's attachment, as a company's brochures are. */
  maxDocumentBytes: 25 * MB,
  /** A picture: the limit of every picture of the site. */
  maxPictureBytes: pictureLimits.maxBytes,
} as const;

/** The documents a company hands out: PDF and the office formats an inquiry's attachment may be. */
export const libraryDocumentTypes = attachmentTypes.filter((type) => type.kind !== 'image');

/** The pictures the picture pipeline reads (re-encoded as AVIF and WebP). */
export const libraryPictureTypes = attachmentTypes.filter((type) =>
  (pictureLimits.types as readonly string[]).includes(type.mime),
);

/** The file input's `accept`: the endings of every type the library takes. */
export const fileLibraryAccept = [...libraryPictureTypes, ...libraryDocumentTypes]
  .flatMap((type) => type.extensions.map((extension) => `.${extension}`))
  .join(',');

/** What a file of this name and declared type would be: a picture, a document, or not taken (the server decides by content). */
export function libraryKindOf(fileName: string, mime: string): FileKind | undefined {
  const byType = (types: typeof attachmentTypes) =>
    types.some((type) => type.mime === mime || type.extensions.includes(extensionOf(fileName)));
  if (byType(libraryPictureTypes)) return 'picture';
  if (byType(libraryDocumentTypes)) return 'document';
  return undefined;
}

const words = (max: number) => oneLine(z.string().trim().max(max, `at most ${max} characters`));

/** A text in German and English. */
export const fileTextSchema = (max: number) => z.strictObject({ de: words(max), en: words(max) });
export type FileText = { de: string; en: string };

/**
 * A file's texts as staff write them: the title in both languages (what a download link says),
 * the alternative texts of a picture in both (what a reader hears where the picture is used).
 * `updatedAt`: the version the form was filled from (decision 036); without it, not checked.
 */
export const fileTextsSchema = z.strictObject({
  title: fileTextSchema(fileLibraryLimits.title).refine(
    (title) => title.de !== '' && title.en !== '',
    'a title in German and in English is required',
  ),
  alt: fileTextSchema(fileLibraryLimits.alt).optional(),
  updatedAt: z.string().max(40).optional(),
});
export type FileTexts = z.input<typeof fileTextsSchema>;

/** A rendition of a picture (the pipeline's AVIF and WebP widths), for `srcset`. */
export const fileSourceSchema = z.object({ url: z.string(), width: z.number().int(), type: z.string() });

export const libraryFileSchema = z.object({
  id: z.number().int(),
  kind: fileKindSchema,
  title: z.object({ de: z.string(), en: z.string() }),
  /** A picture's alternative texts; null for a document. */
  alt: z.object({ de: z.string(), en: z.string() }).nullable(),
  /** The name the file was uploaded with (its extension fitting its content). */
  originalName: z.string(),
  /** The type of the uploaded content, as sniffed (a picture is served as WebP at its address). */
  mediaType: z.string(),
  /** Bytes as uploaded. */
  size: z.number().int(),
  /** The public address, the same for the file's whole life: replacing the file keeps it. */
  address: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A picture's renditions (smallest first); none for a document. */
  sources: z.array(fileSourceSchema),
  /** Where it is used; a file used anywhere cannot be deleted. */
  usedOn: z.array(fileUseSchema),
  createdAt: z.string(),
  /** Its version for a stale save's check (decision 036). */
  updatedAt: z.string(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

const fileUpdateFields = {
  ...fileTextsSchema.shape,
  // A document's read answers `alt: null`: sent back, it is no alternative text.
  alt: fileTextSchema(fileLibraryLimits.alt)
    .nullable()
    .optional()
    .transform((alt) => alt ?? undefined),
  id: z.number().int().positive().max(2_147_483_647),
};

/**
 * `PUT /File` (JSON, or multipart with the file replaced): a file's texts changed. What a read
 * answers besides may be sent back and is ignored (issue 40).
 */
export const fileUpdateSchema = z.strictObject({
  ...ignoredReadFields(libraryFileSchema.shape, fileUpdateFields),
  ...fileUpdateFields,
});
export type FileUpdate = z.input<typeof fileUpdateSchema>;

export const fileListQuerySchema = z.object({ Kind: fileKindSchema.optional() });

/** `GET /File`: newest first. */
export const fileListSchema = z.object({ data: z.array(libraryFileSchema), count: z.number().int() });
export type FileList = z.infer<typeof fileListSchema>;

/** `GET /File/{id}/Usage`. */
export const fileUsageSchema = z.object({ data: z.array(fileUseSchema), count: z.number().int() });
export type FileUsage = z.infer<typeof fileUsageSchema>;

/** Where the library's files are served: `/dateien/<id>/<name>` (German, as the site's visitors read it). */
export const fileAddressPrefix = '/dateien';

/**
 * The name part of a file's address: its original name in lower case, letters, digits and dashes;
 * a document's with its ending (a flyer's address ends in `.pdf`), a picture's without (it is
 * served as WebP, whatever it was uploaded as).
 */
export function fileSlug(originalName: string, keepEnding = true): string {
  const extension = extensionOf(originalName);
  const base = extension ? originalName.slice(0, -(extension.length + 1)) : originalName;
  const slug = base
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${slug || 'datei'}${extension && keepEnding ? `.${extension}` : ''}`;
}

export const filePath = (id: number, slug: string) => `${fileAddressPrefix}/${id}/${slug}`;
