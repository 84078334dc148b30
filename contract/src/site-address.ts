import { z } from 'zod';

// The site's public address (issue 29): where canonicals, hreflang, Open Graph, JSON-LD, the
// sitemap, robots.txt, security.txt and links in mails point, and whether visitors reach it there.

/**
 * Where the public address in effect comes from: the operator's `SITE_URL` (wins when set), the
 * company's "Website" saved in the dashboard, or the shipped default (neither set nor saved).
 */
export const siteAddressSources = ['SITE_URL', 'website', 'default'] as const;
export type SiteAddressSource = (typeof siteAddressSources)[number];

const origin = z.string().regex(/^https?:\/\/[^/?#\s]+$/, 'must be an origin such as https://www.example.de');

/**
 * `GET /api/v1/Settings/Address` (admin): the public address in effect and the addresses the site
 * was reached under lately. `matches` is false when a recent request (a visitor's page or this
 * dashboard's own request) came under another origin than `publicOrigin`: a proxy that hides the
 * real host, a DNS change not made yet, a website saved with a typo.
 */
export const siteAddressSchema = z.object({
  /** The origin every absolute address of the site is written with now. */
  publicOrigin: origin,
  source: z.enum(siteAddressSources),
  /** The operator's SITE_URL, or null when unset (then the saved website decides). */
  siteUrl: origin.nullable(),
  /** The origin of the company's saved "Website". */
  websiteOrigin: origin.nullable(),
  /** The origin of this request, as the server sees it (behind a proxy: its forwarded host and scheme). */
  requestOrigin: origin.nullable(),
  /**
   * The distinct origins of recent requests to the public pages and the dashboard, on every
   * instance (most recent first, at most 10), this request's included.
   */
  requestOrigins: z.array(origin),
  /** Every origin of `requestOrigins` is `publicOrigin`. */
  matches: z.boolean(),
});
export type SiteAddress = z.infer<typeof siteAddressSchema>;

/** `GET /api/v1/Settings/Address/Probe?Nonce=`: a random nonce in, this site's proof of it out. */
export const siteAddressProbeQuerySchema = z.object({
  Nonce: z.string().regex(/^[\w-]{16,64}$/, 'must be 16 to 64 letters, digits, - or _'),
});
export const siteAddressProbeSchema = z.object({ proof: z.string() });
