import { type SiteAddressSource, company } from '@blitz/contract';

/** The origin the release ships (the placeholder company's website): the address until one is set or saved. */
export const shippedOrigin = new URL(company.website).origin;

/** The site's public origin in effect, and where it comes from. */
export type PublicOrigin = { origin: string; source: SiteAddressSource };

// An origin goes into attributes and JSON of every page's head unescaped: only the characters a
// host name, an IP address and a port are written with. (The URL parser lets `"` or `&` through.)
const plainOrigin = /^https?:\/\/(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** The origin of a saved web address (`https://www.firma.de/start` → `https://www.firma.de`), if it is a plain http(s) one. */
export function plainOriginOf(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return plainOrigin.test(url.origin) ? url.origin : undefined;
}

/**
 * The one answer to "what is the site's public address now" (issue 29): the operator's SITE_URL
 * where set, else the origin of the website staff saved in the company details, else the
 * shipped one. A saved website that is the shipped one, or no plain web address, is the default.
 */
export function publicOriginOf(siteUrl: string | undefined, website: string): PublicOrigin {
  if (siteUrl) return { origin: siteUrl, source: 'SITE_URL' };
  const saved = plainOriginOf(website);
  if (saved && saved !== shippedOrigin) return { origin: saved, source: 'website' };
  return { origin: shippedOrigin, source: 'default' };
}
