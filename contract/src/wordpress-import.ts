import { z } from 'zod';

/**
 * The import of a WordPress export (issue 43, decisions 053 and 054): posts → reference projects
 * as drafts, their pictures through the upload pipeline, old addresses → redirects. An admin sends
 * the export (`file`) and optionally a zip of `wp-content/uploads` (`uploads`) as
 * multipart/form-data; a dry run answers the report at once and writes nothing, an import answers
 * 202 with the job to poll.
 */

export const wordpressImportLimits = {
  /** The export (WXR) without its pictures: a company site's is a few megabytes. */
  exportMaxBytes: 64 * 1024 * 1024,
  /** A zip of `wp-content/uploads`. */
  uploadsMaxBytes: 1024 * 1024 * 1024,
  /** Entries a zip may list (a zip of a million empty files is refused before it is read). */
  uploadsMaxEntries: 200_000,
  /** Seconds one picture may take to arrive from the old site. */
  fetchTimeoutSeconds: 20,
  /** Names in the choice of categories or post types. */
  choiceMaxItems: 100,
} as const;

const nameList = z.array(z.string().trim().min(1).max(200)).max(wordpressImportLimits.choiceMaxItems).default([]);

/**
 * The options of an import, as the multipart form's fields carry them: `dryRun` (`true`/`false`),
 * `categories` and `postTypes` (each a name or slug per field, or one field of names separated by
 * commas). No category: every category. No post type: `post`. Only published posts are imported.
 */
export const wordpressImportOptionsSchema = z.strictObject({
  dryRun: z.boolean().default(false),
  /** WordPress categories (name or slug, any case) whose posts are imported; empty: all. */
  categories: nameList,
  /** WordPress post types imported as projects; empty: `post`. */
  postTypes: nameList,
  /**
   * The old site's address where it answers today, confirmed by an admin, when it is not the
   * export's `base_site_url` (a site exported from staging, a domain moved): pictures named on the
   * export's address are fetched from this one instead, and from no other. Null: the export's.
   */
  siteUrl: z
    .string()
    .trim()
    .max(300)
    .regex(/^https?:\/\/[^/?#\s]+\/?$/i, 'an http(s) address of a site, such as https://www.example.de')
    .nullable()
    .default(null),
});
export type WordpressImportOptions = z.output<typeof wordpressImportOptionsSchema>;

/** Why an item was not imported (or not whole), for the dashboard's words in each language. */
export const importSkipCodes = [
  /** A post not published (a draft, pending, private). */
  'not_published',
  /** A post without a GUID: a repeat could not tell it apart. */
  'no_guid',
  /** A post outside the chosen categories. */
  'other_category',
  /** A post without any picture: a reference project needs one. */
  'no_picture',
  /** A post with more pictures than a project holds: the rest left out. */
  'too_many_pictures',
  /** One picture not taken (not fetched, not in the zip, too large, not an image); `reason` says why. */
  'picture_failed',
  /** A post none of whose pictures could be taken. */
  'no_picture_taken',
  /** A category whose name a category in the trash holds: the projects go without it. */
  'category_in_trash',
] as const;
export type ImportSkipCode = (typeof importSkipCodes)[number];

/** One item not imported, and why (a post without a picture, a draft, a post outside the chosen categories). */
export const importSkipSchema = z.object({
  /** The post's title, or a picture's address or file. */
  item: z.string(),
  /** Why, in English (with the detail: the old site's answer, the file's size). */
  reason: z.string(),
  /** Why, as a code; absent in reports of imports made before codes were given. */
  code: z.enum(importSkipCodes).optional(),
});
export type ImportSkip = z.infer<typeof importSkipSchema>;

/** One page of the old site: not imported, listed with a suggested page of ours for the redirect step. */
export const importPageSchema = z.object({
  title: z.string(),
  /** The page's old address on this site's terms: its path (`/kontakt/`). */
  from: z.string(),
  /** The page of ours the title or slug suggests (`/contactus`), or null. */
  suggested: z.string().nullable(),
});

/** A picture imported without an alternative text: staff add one before publishing. */
export const importMissingAltSchema = z.object({
  /** The post's title. */
  item: z.string(),
  /** The picture's file or address. */
  picture: z.string(),
  /** The project it went to (null in a dry run). */
  projectId: z.number().int().nullable(),
});

/** The report (issue 43's shape, with the pages, missing alternative texts and the projects made). */
export const importReportSchema = z.object({
  dryRun: z.boolean(),
  /** Posts made into draft projects (in a dry run: that would be). */
  created: z.number().int(),
  /** Posts imported before (same GUID): nothing made again. */
  matched: z.number().int(),
  skipped: z.array(importSkipSchema),
  pictures: z.object({ fetched: z.number().int(), failed: z.number().int() }),
  /** Redirects of old addresses made (in a dry run: that would be). */
  redirects: z.number().int(),
  /** Categories made because no category of that name existed. */
  categoriesCreated: z.array(z.string()),
  pages: z.array(importPageSchema),
  missingAlt: z.array(importMissingAltSchema),
  /** The draft projects made, with the post they came from. */
  projects: z.array(z.object({ id: z.number().int(), title: z.string(), from: z.string() })),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const importJobStates = ['queued', 'running', 'done', 'failed'] as const;
export type ImportJobState = (typeof importJobStates)[number];

/** An import running (or ended) as a job: poll `GET /api/v1/Import/{id}` until `state` is `done` or `failed`. */
export const importJobSchema = z.object({
  id: z.number().int(),
  state: z.enum(importJobStates),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** The report once the job is done (as far as it came while it runs); null before the first item. */
  report: importReportSchema.nullable(),
  /** Why it failed, when it did. */
  error: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** The latest imports, newest first: the dashboard finds a running one again after a reload. */
export const importJobListSchema = z.object({ data: z.array(importJobSchema) });
