import { z } from 'zod';
import { reservedPrefixes } from './redirect';
import { ignoredReadFields } from './read-only-fields';
import type { LibraryFile } from './file-library';
import { localizedTextSchema } from './localized-text';
import type { Project } from './project';
import { apiRoutes, apiUrl, pages } from './routes';
import { searchEntryLimits, searchTextsSchema } from './search-entry';

/**
 * Pages staff add (issue 45, decision 061): an address, a title, where it is linked, its search
 * entry, and sections in German and English side by side. Everything is data: text is structured
 * (blocks of runs of text), never HTML, and nothing a page stores is ever executed.
 */

/** The limits of a page, checked here and shown in the dashboard. */
export const customPageLimits = {
  sections: 40,
  blocks: 100,
  runs: 60,
  runLength: 4_000,
  listItems: 50,
  figures: 6,
  faqItems: 30,
  downloads: 20,
  referencesShown: 12,
  words: 300,
  longWords: 4_000,
  address: 80,
} as const;

/** One piece of text in each language. */
const words = (max: number = customPageLimits.words) =>
  z.strictObject({ de: z.string().trim().max(max), en: z.string().trim().max(max) });
const requiredWords = (max: number = customPageLimits.words) =>
  z.strictObject({ de: z.string().trim().min(1).max(max), en: z.string().trim().min(1).max(max) });
export type Words = { de: string; en: string };

/**
 * Where a link may lead: a web address, a mail or phone link, or a path of this site. Nothing
 * else (no `javascript:`, no `data:`), checked again where a link is rendered.
 */
export const linkTargetPattern = /^(https?:\/\/[^\s<>"]+|mailto:[^\s<>"]+|tel:[+0-9 ()/-]+|\/(?![/\\])[^\s<>"\\]*)$/i;

/** A run of text: its words and how they are set. */
export const richRunSchema = z.strictObject({
  text: z.string().min(1).max(customPageLimits.runLength),
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  href: z.string().max(2_000).regex(linkTargetPattern, 'a web, mail or phone address, or a path of this site').optional(),
});
export type RichRun = z.infer<typeof richRunSchema>;

const runs = z.array(richRunSchema).min(1).max(customPageLimits.runs);

/** A block of text: a heading (below the page's own), a paragraph, or a list. */
export const richBlockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), content: runs }),
  z.strictObject({ type: z.literal('paragraph'), content: runs }),
  z.strictObject({
    type: z.literal('list'),
    ordered: z.boolean(),
    items: z.array(runs).min(1).max(customPageLimits.listItems),
  }),
]);
export type RichBlock = z.infer<typeof richBlockSchema>;

export const richTextSchema = z.array(richBlockSchema).max(customPageLimits.blocks);
export type RichText = z.infer<typeof richTextSchema>;

const richWords = z.strictObject({ de: richTextSchema, en: richTextSchema });

/** A picture's point that stays in view when it is cut to a shape, in percent from the top left. */
const focusSchema = z.strictObject({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) });
const fileIdSchema = z.number().int().positive();

/** A section's name on its page: stable while the page is edited (the dashboard's key for it). */
const sectionIdSchema = z.string().regex(/^[a-z0-9-]{1,40}$/);

const section = <Kind extends string, Shape extends z.ZodRawShape>(kind: Kind, shape: Shape) =>
  z.strictObject({ id: sectionIdSchema.optional(), kind: z.literal(kind), ...shape });

export const customPageSectionSchema = z.discriminatedUnion('kind', [
  section('text', { text: richWords }),
  section('picture', { fileId: fileIdSchema, alt: words(), caption: words(), focus: focusSchema.optional() }),
  section('textPicture', {
    text: richWords,
    fileId: fileIdSchema,
    alt: words(),
    side: z.enum(['left', 'right']),
    focus: focusSchema.optional(),
  }),
  section('figures', {
    items: z
      .array(z.strictObject({ value: z.string().trim().min(1).max(20), label: requiredWords(80) }))
      .min(1)
      .max(customPageLimits.figures),
  }),
  section('references', {
    heading: words(),
    /** One category's references, or (null) every category's. */
    categoryId: z.number().int().positive().nullable(),
    /** The newest first, or in the staff's order (decision 031). */
    order: z.enum(['newest', 'staff']),
    limit: z.number().int().min(1).max(customPageLimits.referencesShown),
  }),
  section('callToAction', {
    heading: requiredWords(),
    text: words(customPageLimits.longWords),
    button: requiredWords(60),
    /** The inquiry type the footer form opens with (a key of `GET /InquiryType`). */
    inquiryType: z.string().min(2).max(40),
  }),
  section('downloads', {
    heading: words(),
    fileIds: z.array(fileIdSchema).min(1).max(customPageLimits.downloads),
  }),
  section('faq', {
    heading: words(),
    items: z
      .array(z.strictObject({ question: requiredWords(), answer: requiredWords(customPageLimits.longWords) }))
      .min(1)
      .max(customPageLimits.faqItems),
  }),
]);
export type CustomPageSection = z.infer<typeof customPageSectionSchema>;
export type CustomPageSectionKind = CustomPageSection['kind'];
export const customPageSectionKinds = customPageSectionSchema.options.map((o) => o.shape.kind.value) as CustomPageSectionKind[];

/** Where a page is linked from: nowhere (only by its address and links), the main navigation, or the footer. */
export const customPagePlaces = ['none', 'navigation', 'footer'] as const;

/**
 * A page's address: one segment after the site's root, of letters (German ones too), digits and
 * single hyphens, e.g. `/herbstaktion` or `/Prüfung-nach-DIN`.
 */
export const customPageAddressPattern = /^\/[\p{L}\d]+(-[\p{L}\d]+)*$/u;

/** An address's key: two addresses are one when their keys are equal (case and Unicode form aside). */
export function customPageAddressKey(address: string): string {
  return address.normalize('NFC').toLowerCase();
}

/**
 * The first segments the site itself answers (SPEC.md's pages, the staff's pages, the API, files
 * and pictures, the well-known files) and the ones kept for what comes next (news): no page takes
 * them, in any case.
 */
export const siteOwnSegments: readonly string[] = [
  ...new Set([
    ...Object.values(pages)
      .map((page) => page.path.split('/')[1]!.toLowerCase())
      .filter((segment) => !segment.startsWith(':')),
    ...reservedPrefixes.source
      .slice(reservedPrefixes.source.indexOf('(') + 1, reservedPrefixes.source.indexOf(')'))
      .split('|')
      .map((name) => name.replaceAll('\\', '').toLowerCase()),
    'news',
    'aktuelles',
    'feed',
    'dateien',
    'files',
    'favicon.ico',
  ]),
].filter(Boolean);

export const customPageAddressSchema = z
  .string()
  .trim()
  .max(customPageLimits.address)
  .regex(customPageAddressPattern, 'a slash and words of letters and digits joined by single hyphens, e.g. /herbstaktion')
  .refine((address) => !siteOwnSegments.includes(customPageAddressKey(address).slice(1)), 'the site itself answers this address');

const customPageValueFields = {
  address: customPageAddressSchema,
  title: requiredWords(120),
  /** The words of its link in the navigation or the footer, where the title is too long; empty: the title. */
  linkTitle: words(40).default({ de: '', en: '' }),
  place: z.enum(customPagePlaces),
  /** Its place among the other pages linked from the same place (smaller first). */
  placeOrder: z.number().int().min(0).max(999),
  /**
   * The search engines' title and description, as references' and jobs' (decision 059); empty:
   * the page's title, and the words of its first text.
   */
  searchTitle: searchTextsSchema(searchEntryLimits.titleMaxLength).default([]),
  searchDescription: searchTextsSchema(searchEntryLimits.descriptionMaxLength).default([]),
  /** Keeps the page out of search engines: `noindex`, and not in the sitemap. */
  noindex: z.boolean(),
  sections: z.array(customPageSectionSchema).max(customPageLimits.sections),
};

export const customPageValuesSchema = z.strictObject(customPageValueFields);
export type CustomPageValues = z.output<typeof customPageValuesSchema>;

/** Pending values as staff read them: with each section's id. */
type SectionWithId = CustomPageSection & { id: string };
export type CustomPageDraft = Omit<CustomPageValues, 'sections'> & { sections: SectionWithId[]; updatedAt: string };

export type CustomPage = Omit<CustomPageValues, 'sections'> & {
  id: number;
  sections: SectionWithId[];
  published: boolean;
  /** Staff's read only: the published page's draft of changes, if any. */
  draft?: CustomPageDraft | null;
  createdAt: string;
  updatedAt: string;
};

const customPageReadShape = {
  id: z.number(),
  published: z.boolean(),
  draft: z.unknown(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** `POST /Page`: the values, and `published` (left out: a draft; the page goes live by Publish). */
export const customPageCreateSchema = z.strictObject({
  ...customPageValueFields,
  published: z.boolean().optional(),
});
export type CustomPageCreate = z.input<typeof customPageCreateSchema>;

/**
 * `PUT /Page`: as projects (decision 033): `published: true` saves live, `false` a draft (of
 * changes, for a live page), left out keeps the page's state; `updatedAt` as read (decision 036).
 */
const customPageUpdateFields = {
  ...customPageValueFields,
  id: z.number().int().positive(),
  published: z.boolean().optional(),
  updatedAt: z.string().max(40).optional(),
};
export const customPageUpdateSchema = z.strictObject({
  ...ignoredReadFields(customPageReadShape, customPageUpdateFields),
  ...customPageUpdateFields,
});
export type CustomPageUpdate = z.input<typeof customPageUpdateSchema>;

export const customPageListQuerySchema = z.object({
  PageLength: z.coerce.number().int().min(1).max(100).default(50),
  PageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

export type CustomPageList = { data: CustomPage[]; count: number };

/**
 * A page as staff read it (`GET /Page`, `/Page/{id}` and every write's answer), checked by the
 * dashboard. Its address is read as a string: a segment reserved by a later release must not
 * keep the editor from loading the page that has it (the save then says so at the field).
 */
const customPageReadValues = {
  address: z.string(),
  title: z.object({ de: z.string(), en: z.string() }),
  // A page saved before its link had words of its own has none.
  linkTitle: z.object({ de: z.string(), en: z.string() }).default({ de: '', en: '' }),
  place: z.enum(customPagePlaces),
  placeOrder: z.number(),
  searchTitle: z.array(localizedTextSchema),
  searchDescription: z.array(localizedTextSchema),
  noindex: z.boolean(),
  sections: z.array(z.intersection(customPageSectionSchema, z.object({ id: z.string() }))),
};
export const customPageSchema = z.object({
  ...customPageReadValues,
  id: z.number(),
  published: z.boolean(),
  draft: z
    .object({ ...customPageReadValues, updatedAt: z.string() })
    .nullable()
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<CustomPage>;
export const customPageListSchema = z.object({
  data: z.array(customPageSchema),
  count: z.number(),
}) satisfies z.ZodType<CustomPageList>;

/** `GET /Page/ByAddress?Address=/herbstaktion`: a published page as visitors read it. */
export const customPageAddressQuerySchema = z.object({
  Address: z
    .string()
    .min(2)
    .max(customPageLimits.address * 4),
});

/** A file of the library as a published page shows it: a picture's renditions, a download's title and size. */
export type CustomPageFile = Pick<
  LibraryFile,
  'id' | 'kind' | 'title' | 'alt' | 'address' | 'mediaType' | 'size' | 'width' | 'height' | 'sources'
>;

/**
 * `GET /Page/ByAddress`: the published page, and the library's files its sections show (a file
 * removed since is left out: its section shows nothing of it).
 */
export type PublishedCustomPage = CustomPage & { files: CustomPageFile[] };

/** The public read of the page at an address: the key its answer has in a rendered page's data. */
export const customPageReadPath = (address: string) =>
  apiUrl(`${apiRoutes.customPages.byAddress}?${new URLSearchParams({ Address: address }).toString()}`);

/**
 * The references sections' projects as the page was rendered with them, by section id: a key of
 * the page's data of its own (no API call answers it; the server reads them with the page).
 */
export const customPageReferencesKey = 'customPage:references';
export type CustomPageReferences = Record<string, Project[]>;

/** Whether a link may be rendered: checked again where it is, whatever the stored data holds. */
export function isSafeLink(href: string): boolean {
  return linkTargetPattern.test(href);
}

/**
 * A rich text's words without their setting, blocks on lines of their own: the fallback of a
 * page's search description, and the answers of its FAQPage data.
 */
export function plainTextOf(text: RichText): string {
  const line = (runs: readonly RichRun[]) => runs.map((run) => run.text).join('');
  return text
    .flatMap((block) => (block.type === 'list' ? block.items.map(line) : [line(block.content)]))
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}
