import { z } from 'zod';
import { emptyAsUndefined } from './query-values';
import { projectListLimits } from './gallery';

/**
 * Redirects and the not-found log (issue 43, decision 047): old addresses (a WordPress site's
 * `/kontakt/`, `/?p=123`) answered with 301 to a page here or elsewhere, and the addresses
 * visitors asked for that lead nowhere.
 */

export const redirectLimits = {
  fromMaxLength: 1000,
  toMaxLength: 2000,
  /** Redirects one CSV import may carry (the measure is a table of 5,000). */
  importMaxRows: 10_000,
  /** Rows the not-found log keeps at most: the most frequent (a flood of random addresses cannot grow it). */
  notFoundBudget: 5000,
} as const;

/**
 * Paths that are never redirected: the API, the build's files, pictures, the well-known files,
 * and the staff's own pages (a redirect must not lock staff out of the dashboard that removes it).
 */
export const reservedPrefixes =
  /^\/(api|assets|media|\.well-known|dashboard|login|healthz|readyz|metrics|robots\.txt|sitemap\.xml)(\/|$|\?)/i;

/** The WordPress forms of an old address that a `from` may carry as its query: `?p=ID` and `?page_id=ID`. */
export const wordPressIdQuery = /^(p|page_id)=\d{1,12}$/;

// No spaces, no control characters, no fragment: an address as a browser sends it.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const addressCharacters = /^[^\s#\u0000-\u001f\u007f]+$/;

/** `from`: a path on this site, optionally with WordPress's `?p=ID` or `?page_id=ID`. */
export const redirectFromSchema = z
  .string()
  .trim()
  .min(1)
  .max(redirectLimits.fromMaxLength)
  .refine((v) => v.startsWith('/') && !v.startsWith('//'), 'must be a path on this site, starting with /')
  .refine((v) => addressCharacters.test(v), 'must not contain spaces, control characters or #')
  .refine((v) => !reservedPrefixes.test(v), 'cannot redirect the API, files, pictures, the sign-in or the dashboard')
  .refine((v) => {
    const query = v.split('?')[1];
    return query === undefined || wordPressIdQuery.test(query);
  }, 'may carry only ?p=ID or ?page_id=ID as its query')
  .refine((v) => !/^\/+(\?|$)/.test(v) || v.includes('?'), 'the home page itself cannot be redirected');

/** `to`: a path on this site or an `https://` address. */
export const redirectToSchema = z
  .string()
  .trim()
  .min(1)
  .max(redirectLimits.toMaxLength)
  .refine((v) => addressCharacters.test(v.replace(/#[^#]*$/, '')), 'must not contain spaces or control characters')
  .refine((v) => {
    if (v.startsWith('/')) return !v.startsWith('//');
    if (!v.startsWith('https://')) return false;
    try {
      return new URL(v).hostname !== '';
    } catch {
      return false;
    }
  }, 'must be a path on this site (/…) or an https:// address');

export const redirectSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Whether the visitor's query string is carried over to `to`. */
  keepQuery: z.boolean(),
  /** Times the redirect was followed (counted in batches, a few seconds late). */
  hits: z.number().int(),
  lastHitAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Redirect = z.infer<typeof redirectSchema>;

export const redirectListSchema = z.object({ data: z.array(redirectSchema), count: z.number().int() });
export type RedirectList = z.infer<typeof redirectListSchema>;

const redirectFields = {
  from: redirectFromSchema,
  to: redirectToSchema,
  keepQuery: z.boolean().default(false),
};
export const redirectCreateSchema = z.strictObject(redirectFields);
export type RedirectCreate = z.input<typeof redirectCreateSchema>;

export const redirectUpdateSchema = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  ...redirectFields,
  // What a read answers besides may be sent back: ignored.
  hits: z.unknown().optional(),
  lastHitAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
});
export type RedirectUpdate = z.input<typeof redirectUpdateSchema>;

const pageQuery = {
  PageLength: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(projectListLimits.maxPageLength).default(projectListLimits.defaultPageLength),
  ),
  PageNumber: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(projectListLimits.maxPageNumber).default(1)),
};

export const redirectListQuerySchema = z.object({
  /** Case-insensitive part of `from` or `to`. */
  Search: z.preprocess(emptyAsUndefined, z.string().trim().max(200).optional()),
  ...pageQuery,
});
export type RedirectListQuery = z.output<typeof redirectListQuerySchema>;
export type RedirectListParams = z.input<typeof redirectListQuerySchema>;

/** `GET /Redirect/Test?Path=`: what the site answers for an address. */
export const redirectTestQuerySchema = z.object({ Path: z.string().trim().min(1).max(redirectLimits.fromMaxLength) });
export const redirectTestSchema = z.object({
  /** The redirect that answers, or null: the address is not redirected. */
  redirect: redirectSchema.nullable(),
  /** Where the visitor is sent (301), with the query as kept. */
  location: z.string().nullable(),
});
export type RedirectTest = z.infer<typeof redirectTestSchema>;

/** `POST /Redirect/Import` (text/csv, `from,to[,keepQuery]`): all rows or none. */
export const redirectImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type RedirectImportResult = z.infer<typeof redirectImportResultSchema>;

export const notFoundEntrySchema = z.object({
  id: z.number().int(),
  /** The address as first asked for, without its query. */
  path: z.string(),
  /** Visits by people (bots apart). */
  count: z.number().int(),
  /** Visits by crawlers and other bots. */
  botCount: z.number().int(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  /** The host of the page that linked here, last seen; never the visitor's address. */
  referrerHost: z.string().nullable(),
});
export type NotFoundEntry = z.infer<typeof notFoundEntrySchema>;

/** `GET /NotFound`: most frequent first. */
export const notFoundListSchema = z.object({ data: z.array(notFoundEntrySchema), count: z.number().int() });
export type NotFoundList = z.infer<typeof notFoundListSchema>;
export const notFoundListQuerySchema = z.object(pageQuery);
export type NotFoundListParams = z.input<typeof notFoundListQuerySchema>;

/**
 * What an unknown page address answers: SPEC.md's redirect to the home page (302, the default),
 * or a not-found page (404, in the visitor's language, with the way home, to the references and
 * to the contact form).
 */
export const notFoundAnswers = ['redirectHome', 'notFoundPage'] as const;
export const notFoundSettingsSchema = z.strictObject({ answer: z.enum(notFoundAnswers) });
export type NotFoundSettings = z.infer<typeof notFoundSettingsSchema>;
