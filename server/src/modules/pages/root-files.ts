/** The navbar's navy (brand-900 in web/src/styles.css, index.html's theme-color) and the pages' white. */
const themeColour = '#0b2545';
const backgroundColour = '#ffffff';

/**
 * The icons web/scripts/site-images.mjs draws from the logo into web/public (the web build copies
 * them to its root): address, file, type. Browsers, iOS and crawlers ask for these addresses
 * whether a page names them or not.
 */
export const siteIcons = [
  { path: '/favicon.ico', file: 'favicon.ico', type: 'image/x-icon', role: 'favicon' },
  { path: '/favicon.svg', file: 'favicon.svg', type: 'image/svg+xml', role: undefined },
  { path: '/apple-touch-icon.png', file: 'apple-touch-icon.png', type: 'image/png', role: 'appleTouchIcon' },
  // Older iOS asks for this name first.
  { path: '/apple-touch-icon-precomposed.png', file: 'apple-touch-icon.png', type: 'image/png', role: 'appleTouchIcon' },
  { path: '/icon-192.png', file: 'icon-192.png', type: 'image/png', role: 'icon192' },
  { path: '/icon-512.png', file: 'icon-512.png', type: 'image/png', role: 'icon512' },
  { path: '/icon-maskable-512.png', file: 'icon-maskable-512.png', type: 'image/png', role: 'maskable512' },
] as const;

/** The icons drawn from an uploaded logo (decision 028), by role: site-relative addresses or media keys. */
export type DrawnIcons = { favicon: string; appleTouchIcon: string; icon192: string; icon512: string; maskable512: string };

/**
 * The web app manifest: the name and icons a phone shows for the site added to its home screen.
 * The site stays a website (display: browser); the manifest is for its name (the company's, as
 * staff saved it), icons and colours.
 */
export function webManifest(companyName: string, icons?: DrawnIcons): string {
  return JSON.stringify({
    id: '/',
    name: companyName,
    short_name: companyName,
    lang: 'de',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: themeColour,
    background_color: backgroundColour,
    // Drawn from an uploaded logo: their addresses carry the hash of their bytes, so a phone asks for a new one.
    icons: [
      { src: icons?.icon192 ?? '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: icons?.icon512 ?? '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: icons?.maskable512 ?? '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  });
}

const day = 24 * 3600 * 1000;

/**
 * /.well-known/security.txt (RFC 9116): whom to tell about a security problem — the company's
 * e-mail address as staff saved it. `Expires` is required and must not lie more than a year
 * ahead: it is written at serve time, a year from the start of the current day (the same all day,
 * so that caches and ETags hold).
 */
export function securityTxt(siteUrl: string, email: string, now = new Date()): string {
  const expires = new Date(Math.floor(now.getTime() / day) * day + 365 * day);
  return [
    `Contact: mailto:${email}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: de, en',
    `Canonical: ${new URL('/.well-known/security.txt', siteUrl).href}`,
    '',
  ].join('\n');
}
