/**
 * A prerendered (or rendered) page with the public origin in effect (SITE_URL, else the saved
 * website: modules/site-address) in place of the one it was built with, so that a new domain
 * needs no rebuild. Only the head is changed: the canonical
 * and hreflang links, Open Graph and the structured data live there, while the body is
 * hydrated by the browser and must stay what the app renders (the imprint's website link is
 * company data). `to` is a validated origin (config.ts, site-address/public-origin.ts), so it
 * needs no escaping in an attribute or in JSON; no inline script carries the origin, so the
 * CSP hashes hold.
 */
export function withSiteOrigin(html: string, from: string, to: string): string {
  if (from === to) return html;
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  // Not when the origin continues: https://www.example.com.evil or https://www.example.com:8080.
  const pattern = new RegExp(`${from.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w.:-])`, 'g');
  return html.slice(0, headEnd).replace(pattern, to) + html.slice(headEnd);
}
