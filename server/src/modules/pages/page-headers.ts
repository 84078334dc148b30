import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type PageKey,
  type PageManifest,
  company,
  isSiteLanguage,
  languageCookieName,
  languageFromPreference,
  pages,
} from '@blitz/contract';

const mapOrigin = new URL(company.map.embedUrl).origin;

// Fonts, fetches and the manifest fall back to default-src 'self': naming them again would only
// lengthen every page's first response (decision 009).
export function pageCsp(
  page: PageKey,
  hashes: { scripts: string[]; styles: string[] },
  https: boolean,
  mediaOrigin?: string,
): string {
  const quoted = (list: string[]) => list.map((h) => ` '${h}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${quoted(hashes.scripts)}`,
    `style-src 'self'${quoted(hashes.styles)}`,
    `img-src 'self' data: blob:${mediaOrigin ? ` ${mediaOrigin}` : ''}`,
    `frame-src ${pages[page].map ? mapOrigin : "'none'"}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The language a page is served in: ?lang= first, then the visitor's stored choice, then German. */
export function pageLanguage(request: FastifyRequest): { lang: 'de' | 'en'; fromQuery: boolean } {
  const query = (request.query as Record<string, unknown>)['lang'];
  if (isSiteLanguage(query)) return { lang: query, fromQuery: true };
  const cookie = request.cookies[languageCookieName(request.protocol === 'https')];
  return { lang: languageFromPreference(cookie), fromQuery: false };
}

/**
 * The headers every page is sent with: its Content-Security-Policy (the hashes of the built
 * page's inline scripts and styles, none without a build), its language and type.
 */
export function pageHeaders(
  page: PageKey,
  lang: 'de' | 'en',
  https: boolean,
  manifest: PageManifest | undefined,
  mediaOrigin?: string,
): Record<string, string> {
  const relative = manifest?.files[page]?.[lang] ?? '';
  const hashes = {
    scripts: manifest?.scriptHashes ?? [],
    styles: manifest?.pageStyleHashes?.[relative] ?? manifest?.styleHashes ?? [],
  };
  return {
    'content-security-policy': pageCsp(page, hashes, https, mediaOrigin),
    'content-language': lang,
    'content-type': 'text/html; charset=utf-8',
  };
}

export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageKey,
  lang: 'de' | 'en',
  manifest: PageManifest | undefined,
  mediaOrigin?: string,
): FastifyReply {
  return reply.headers(pageHeaders(page, lang, request.protocol === 'https', manifest, mediaOrigin));
}

/**
 * A page's headers made once per page, language, scheme and build (decision 038): the CSP is
 * the same string for every request of a page until the next build, which is a new process.
 */
export class PageHeaderSets {
  private readonly sets = new Map<string, Record<string, string>>();
  private manifest: PageManifest | undefined;

  constructor(private readonly mediaOrigin: string | undefined) {}

  /** The page's headers, with those fixed per page: vary, cache-control, robots. */
  get(page: PageKey, lang: 'de' | 'en', https: boolean, manifest: PageManifest): Record<string, string> {
    if (manifest !== this.manifest) {
      this.sets.clear();
      this.manifest = manifest;
    }
    const key = `${page} ${lang} ${https ? 's' : ''}`;
    let set = this.sets.get(key);
    if (!set) {
      const kept = !pages[page].staff;
      set = {
        ...pageHeaders(page, lang, https, manifest, this.mediaOrigin),
        // Lower case as @fastify/compress matches it: it would name accept-encoding a second time.
        vary: 'cookie, accept-encoding',
        'cache-control': kept ? 'no-cache' : 'no-store',
        ...(kept ? {} : { 'x-robots-tag': 'noindex, nofollow' }),
      };
      this.sets.set(key, set);
    }
    return set;
  }
}
