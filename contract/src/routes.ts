import type { SiteLanguage } from './languages';

/**
 * The page routes of SPEC.md §2, shared by the web router, the prerenderer and the server.
 * `prerender`: its HTML is rendered at build time with its content; otherwise an app shell.
 * `map`: the page may show the (consent-gated) map frame.
 */
export const pages = {
  home: { path: '/', prerender: true, map: true },
  impressum: { path: '/impressum', prerender: true, map: false },
  aboutus: { path: '/aboutus', prerender: true, map: false },
  contactus: { path: '/contactus', prerender: true, map: true },
  jobs: { path: '/jobs', prerender: true, map: false },
  job: { path: '/jobs/:id', prerender: true, map: false },
  blitzschutz: { path: '/Blitzschutz', prerender: true, map: false },
  projects: { path: '/Projects', prerender: true, map: false },
  services: { path: '/Services', prerender: true, map: false },
  login: { path: '/login', prerender: false, map: false },
  dashboard: { path: '/dashboard', prerender: false, map: false },
  project: { path: '/project/:id', prerender: true, map: false },
} as const;

export type PageKey = keyof typeof pages;
export const pageKeys = Object.keys(pages) as PageKey[];

/** The public pages that search engines should index (the sitemap lists them). */
export const indexablePages: PageKey[] = [
  'home',
  'blitzschutz',
  'projects',
  'services',
  'jobs',
  'contactus',
  'aboutus',
  'impressum',
];

export const projectPath = (id: number | string) => `/project/${id}`;
export const jobPath = (id: number | string) => `/jobs/${id}`;

/**
 * The public address of a page in a language (DESIGN.md §4): German, the default and x-default,
 * without a parameter; English with ?lang=en. Used by the hreflang links and the sitemap.
 */
export function pageUrl(pathname: string, lang: SiteLanguage, website: string): string {
  const url = new URL(pathname, website);
  if (lang !== 'de') url.searchParams.set('lang', lang);
  return url.href;
}

/** The prerender manifest the web build writes and the server reads. */
export type PageManifest = {
  /** page key → language → file path relative to the web dist folder */
  files: Record<string, Record<string, string>>;
  /** CSP source expressions ('sha256-…') of the inline scripts and styles of the pages */
  scriptHashes: string[];
  styleHashes: string[];
  /** file path → hashes of that page's own inline styles (its critical CSS), used instead of styleHashes */
  pageStyleHashes?: Record<string, string[]>;
  /** The origin the pages' absolute addresses were written with; the server puts SITE_URL in its place. */
  origin?: string;
};
