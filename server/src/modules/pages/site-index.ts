import crypto from 'node:crypto';
import { indexablePages, pageUrl, pages, siteLanguages } from '@blitz/contract';
import { type FullyEncodedBody, encodeBody } from '../../lib/encoded-body';

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One page of the sitemap: its path (listed in every language) and when its content last changed. */
export type SitemapEntry = { path: string; lastmod?: string };

/**
 * Pages made from content staff edit (projects, job openings): each source lists
 * its pages as they are now. A source is asked once per content version, not per request.
 */
export type SitemapSource = () => Promise<readonly SitemapEntry[]>;

/** The pages every build has: the indexable routes of SPEC.md §2. */
export const staticSitemapEntries: readonly SitemapEntry[] = indexablePages.map((page) => ({ path: pages[page].path }));

/** A W3C date-time to the second (the sitemap protocol's lastmod), or nothing for a date it cannot read. */
function lastmodOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * /sitemap.xml: every entry in each language, each naming all language versions (hreflang,
 * x-default = German) and, where known, when it last changed; absolute addresses on the
 * company's website (DESIGN.md §4).
 */
export function sitemapXml(website: string, pageEntries: readonly SitemapEntry[] = staticSitemapEntries): string {
  const entries = pageEntries.flatMap(({ path, lastmod }) => {
    const alternates = [
      ...siteLanguages.map(
        (lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(pageUrl(path, lang, website))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(path, 'de', website))}"/>`,
    ].join('');
    const modified = lastmodOf(lastmod);
    const date = modified ? `<lastmod>${modified}</lastmod>` : '';
    return siteLanguages.map((lang) => `<url><loc>${escapeXml(pageUrl(path, lang, website))}</loc>${date}${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** The sitemap as sent: its encodings and the ETag naming the content version it was made for. */
export type Sitemap = FullyEncodedBody & { etag: string };

/**
 * The current sitemap, kept per content version. Each call reads the version (one indexed row);
 * only a new version asks the sources and the public origin (which changes only with the
 * content: the saved website, or SITE_URL at a restart) again and compresses the result, once
 * however many requests arrive meanwhile. So a crawler costs no table scan per request, and a
 * sitemap made before an edit is never sent after it, by this instance or another sharing the
 * database. Its ETag names the version and the origin.
 */
export function keptSitemap(options: { origin: () => Promise<string>; sources: readonly SitemapSource[] }): {
  current(version: string): Promise<Sitemap>;
} {
  const site = (origin: string) => crypto.createHash('sha256').update(origin).digest('base64url').slice(0, 8);
  let kept: { version: string; sitemap: Promise<Sitemap> } | undefined;
  return {
    current(version) {
      if (kept?.version === version) return kept.sitemap;
      const sitemap = (async () => {
        const [origin, dynamic] = await Promise.all([options.origin(), Promise.all(options.sources.map((source) => source()))]);
        const xml = sitemapXml(origin, [...staticSitemapEntries, ...dynamic.flat()]);
        // The best quality up to several hundred projects; above, the quick one (brotli 5: 10,000 projects
        // in a quarter second instead of six, a third larger), as the requests wait for it.
        const quality = xml.length > 512 * 1024 ? 'fast' : 'best';
        return { ...(await encodeBody(xml, quality)), etag: `"sitemap-${site(origin)}-${version}"` };
      })();
      const entry = { version, sitemap };
      kept = entry;
      // A failed read (the database away) is not kept: the next request tries again.
      sitemap.catch(() => {
        if (kept === entry) kept = undefined;
      });
      return sitemap;
    },
  };
}

/** /robots.txt: everything public may be crawled; the staff area and the API not. */
export function robotsTxt(website: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /login',
    'Disallow: /dashboard',
    '',
    `Sitemap: ${new URL('/sitemap.xml', website).href}`,
    '',
  ].join('\n');
}
