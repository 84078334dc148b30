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
export function setPageHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageKey,
  lang: 'de' | 'en',
  manifest: PageManifest | undefined,
  mediaOrigin?: string,
): FastifyReply {
  const relative = manifest?.files[page]?.[lang] ?? '';
  const hashes = {
    scripts: manifest?.scriptHashes ?? [],
    styles: manifest?.pageStyleHashes?.[relative] ?? manifest?.styleHashes ?? [],
  };
  return reply
    .header('content-security-policy', pageCsp(page, hashes, request.protocol === 'https', mediaOrigin))
    .header('content-language', lang)
    .type('text/html; charset=utf-8');
}
