import { z } from 'zod';
import {
  type CustomPageFile,
  addressSegmentPattern,
  bilingualWordsSchema,
  customPageAddressKey,
  customPageLimits,
  customPageSectionSchema,
  libraryFileIdSchema,
  pictureFocusSchema,
  requiredBilingualWordsSchema,
} from './custom-page';
import { berlinDate } from './berlin-time';
import type { SiteLanguage } from './languages';
import { ignoredReadFields } from './read-only-fields';
import { apiRoutes, apiUrl, pages } from './routes';
import { searchEntryLimits, searchTextsSchema } from './search-entry';

/**
 * News posts (issue 45, decision 063): a title, the date shown, a teaser, a cover picture of the
 * library and the pages' sections, with drafts, publishing and the trash as pages have them, and a
 * time from which visitors see a published post (`publishAt`: a later one schedules it).
 */

export const newsLimits = {
  title: 160,
  teaser: 600,
  address: 80,
  /** Posts in the Atom feed: the newest. */
  feedEntries: 20,
  /** Posts on one page of the public list, by default and at most. */
  pageLength: 10,
  maxPageLength: 50,
  /** The most of the newest posts the home page may show. */
  homePosts: 6,
} as const;

/**
 * Where the posts live: the list, each post below it, and the feed, one path each for both
 * languages; English is `?lang=en`, as on every page of the site (DESIGN.md §4, decision 064).
 */
export const newsPath = pages.news.path;

/** A post's own words after the list's address that are the site's own: the feed. */
export const newsOwnSegments: readonly string[] = ['feed'];

/** A path in a language: German without a parameter, English with `lang=en` after the path's own query. */
function inLanguage(path: string, lang: SiteLanguage, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (lang !== 'de') params.set('lang', lang);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The public list's address in a language; `page` above 1 as `?page=` (links that work without JavaScript). */
export const newsListPath = (lang: SiteLanguage, page = 1): string =>
  inLanguage(newsPath, lang, page > 1 ? { page: String(page) } : {});

/** A post's public address in a language: `/aktuelles/neues-montagefahrzeug`, `/aktuelles/neues-montagefahrzeug?lang=en`. */
export const newsPostPath = (address: string, lang: SiteLanguage): string => inLanguage(`${newsPath}/${address}`, lang);

/**
 * The Atom feed's address in a language (`/aktuelles/feed`, `/aktuelles/feed?lang=en`): what the
 * page head's `<link rel="alternate" type="application/atom+xml">` names.
 */
export const newsFeedPath = (lang: SiteLanguage): string => inLanguage(`${newsPath}/feed`, lang);

/** The feed's media type, for its answer and the page head's hint. */
export const atomMediaType = 'application/atom+xml';

/** A post's address: one segment (`neues-montagefahrzeug`), the rules of a page's address, matched the same way. */
export const newsAddressSchema = z
  .string()
  .trim()
  .max(newsLimits.address)
  .regex(addressSegmentPattern, 'words of letters and digits joined by single hyphens, e.g. neues-montagefahrzeug')
  .refine((address) => !newsOwnSegments.includes(customPageAddressKey(address)), 'the site itself answers this address');

/** A moment, with its offset; kept in UTC (`2027-01-04T06:00:00.000Z`), so that moments compare as text. */
const momentSchema = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

/** The cover: a picture of the library, its alternative texts for this post (empty: the library's), its focal point. */
export const newsCoverSchema = z.strictObject({
  fileId: libraryFileIdSchema,
  alt: bilingualWordsSchema(),
  focus: pictureFocusSchema.optional(),
});

const newsPostValueFields = {
  address: newsAddressSchema,
  title: requiredBilingualWordsSchema(newsLimits.title),
  /** The date shown with the post (`2027-01-04`); null: the day it is published (in Berlin). */
  date: z.iso.date().nullable().default(null),
  /** A few sentences for the list, the home page and the feed's summary. */
  teaser: bilingualWordsSchema(newsLimits.teaser),
  cover: newsCoverSchema.nullable().default(null),
  /** As pages' (decision 059); empty: the title, and the teaser. */
  searchTitle: searchTextsSchema(searchEntryLimits.titleMaxLength).default([]),
  searchDescription: searchTextsSchema(searchEntryLimits.descriptionMaxLength).default([]),
  noindex: z.boolean(),
  /**
   * From when visitors see the post once it is published: a later time schedules it. Null: the
   * moment it goes live (the server writes that moment into the live post).
   */
  publishAt: momentSchema.nullable().default(null),
  sections: z.array(customPageSectionSchema).max(customPageLimits.sections),
};

export const newsPostValuesSchema = z.strictObject(newsPostValueFields);
export type NewsPostValues = z.output<typeof newsPostValuesSchema>;

type SectionWithId = NewsPostValues['sections'][number] & { id: string };
export type NewsPostDraft = Omit<NewsPostValues, 'sections'> & { sections: SectionWithId[]; updatedAt: string };

export type NewsPost = Omit<NewsPostValues, 'sections'> & {
  id: number;
  sections: SectionWithId[];
  /** Published: visitors see it from `publishAt` on. */
  published: boolean;
  /** Staff's read only: the published post's draft of changes, if any. */
  draft?: NewsPostDraft | null;
  /** When its values (what visitors see of a live post) last changed: the feed's `updated`, NewsArticle's `dateModified`. */
  changedAt: string;
  createdAt: string;
  updatedAt: string;
};

/** A published post in the visitors' list: what a card or a feed entry shows, without its sections. */
export type NewsPostSummary = Pick<
  NewsPost,
  'id' | 'address' | 'title' | 'date' | 'teaser' | 'cover' | 'publishAt' | 'changedAt'
>;

export type NewsPostList = { data: NewsPost[]; count: number };

/**
 * `GET /News/Published`: a page of the posts visitors see, how many there are, and the library's
 * files their covers show (a picture's sources; one removed since is left out, its card shows none).
 */
export type NewsPostSummaryList = { data: NewsPostSummary[]; count: number; files: CustomPageFile[] };

/** `GET /News/ByAddress`: a post visitors see, and the files its cover and sections show (as a page's read). */
export type PublishedNewsPost = NewsPost & { files: CustomPageFile[] };

const newsPostReadShape = {
  id: z.number(),
  published: z.boolean(),
  draft: z.unknown(),
  changedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** `POST /News`: the values, and `published` (left out: a draft). */
export const newsPostCreateSchema = z.strictObject({
  ...newsPostValueFields,
  published: z.boolean().optional(),
});
export type NewsPostCreate = z.input<typeof newsPostCreateSchema>;

/** `PUT /News`: as pages' (decision 061): `published` true live, false a draft, left out the post's state; `updatedAt` as read. */
const newsPostUpdateFields = {
  ...newsPostValueFields,
  id: z.number().int().positive().max(2_147_483_647),
  published: z.boolean().optional(),
  updatedAt: z.string().max(40).optional(),
};
export const newsPostUpdateSchema = z.strictObject({
  ...ignoredReadFields(newsPostReadShape, newsPostUpdateFields),
  ...newsPostUpdateFields,
});
export type NewsPostUpdate = z.input<typeof newsPostUpdateSchema>;

/** `GET /News` (staff): every post not in the trash, the newest first. */
export const newsPostListQuerySchema = z.object({
  PageLength: z.coerce.number().int().min(1).max(100).default(50),
  PageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** `GET /News/Published`: the posts visitors see, newest first. */
export const newsPublishedQuerySchema = z.object({
  PageLength: z.coerce.number().int().min(1).max(newsLimits.maxPageLength).default(newsLimits.pageLength),
  PageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type NewsPublishedQuery = z.output<typeof newsPublishedQuerySchema>;

/** `GET /News/ByAddress?Address=neues-montagefahrzeug`: a post as visitors read it. */
export const newsAddressQuerySchema = z.object({
  Address: z
    .string()
    .min(1)
    .max(newsLimits.address * 4),
});

/** The list's page in its address (`?page=2`): a whole number from 1, anything else the first page. */
export const newsPageParam = 'page';
export function parseNewsPage(value: string | null | undefined): number {
  if (!value || !/^[1-9]\d{0,4}$/.test(value)) return 1;
  return Number(value);
}

/** The public read of a page of the list: the key its answer has in a rendered page's data. */
export const newsListReadPath = (page: number, length: number = newsLimits.pageLength) =>
  apiUrl(`${apiRoutes.news.published}?PageNumber=${page}&PageLength=${length}`);

/** The public read of the post at an address (its key): the key its answer has in a rendered page's data. */
export const newsPostReadPath = (address: string) =>
  apiUrl(`${apiRoutes.news.byAddress}?${new URLSearchParams({ Address: customPageAddressKey(address) }).toString()}`);

/**
 * The newest posts the home page shows, as the server rendered it with them (`NewsPostSummaryList`):
 * a key of the page's data of its own, absent while staff show none there.
 */
export const newsHomeKey = 'news:home';

/** The date shown with a post: its own, else the day it is published in Berlin; null for a draft with neither. */
export function newsPostDate(post: Pick<NewsPostValues, 'date' | 'publishAt'>): string | null {
  return post.date ?? (post.publishAt ? berlinDate(new Date(post.publishAt)) : null);
}

/** Whether a published post waits for its time: visitors do not see it yet. */
export function isScheduled(post: Pick<NewsPost, 'published' | 'publishAt'>, now: Date = new Date()): boolean {
  return post.published && post.publishAt !== null && post.publishAt > now.toISOString();
}

/**
 * `GET/PUT /News/Home`: how many of the newest posts the home page shows below its own sections.
 * 0, the default, leaves SPEC's home page as it is; staff switch it on in the news tab.
 */
export const newsHomeSchema = z.strictObject({
  homePosts: z.number().int().min(0).max(newsLimits.homePosts),
});
export type NewsHome = z.output<typeof newsHomeSchema>;
