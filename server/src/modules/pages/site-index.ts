import { type PageKey, indexablePages, pageUrl, pages, siteLanguages } from '@blitz/contract';

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * /sitemap.xml: every indexable page in each language, each entry naming all language versions
 * (hreflang, x-default = German), with absolute addresses on the company's website (DESIGN.md §4).
 */
export function sitemapXml(website: string, pageKeys: readonly PageKey[] = indexablePages): string {
  const entries = pageKeys.flatMap((page) => {
    const path = pages[page].path;
    const alternates = [
      ...siteLanguages.map(
        (lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(pageUrl(path, lang, website))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(pageUrl(path, 'de', website))}"/>`,
    ].join('');
    return siteLanguages.map((lang) => `<url><loc>${escapeXml(pageUrl(path, lang, website))}</loc>${alternates}</url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
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
