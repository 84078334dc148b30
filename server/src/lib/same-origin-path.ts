import type { FastifyRequest } from 'fastify';

/** Stands in for the site's origin when the request's own cannot be read (a garbled Host). */
const placeholderOrigin = 'http://site.invalid';

/**
 * The origin a request was sent to, as the browser that sent it sees the site: what a relative
 * return address is resolved against, and what an absolute one must match.
 */
export function requestOrigin(request: FastifyRequest): string {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return placeholderOrigin;
  }
}

/**
 * The one check of every return address a request names (`returnTo`, a Referer): resolved
 * against the site's own origin as a browser resolves it (WHATWG URL: tabs and line breaks
 * dropped, backslashes read as slashes, `.` and `..` and their encodings removed), it must lead
 * to that origin; then only its path and query are given back, to send as a Location or put in
 * a page. A path that begins with two slashes is refused too: `/.//evil.example` resolves to the
 * path `//evil.example`, which a browser, given it as a Location, reads as another host.
 * `undefined` when it is not such an address.
 */
export function sameOriginPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  let own: string;
  let address: URL;
  try {
    own = new URL(origin).origin;
    address = new URL(value, own);
  } catch {
    return undefined;
  }
  if (address.origin !== own) return undefined;
  const path = `${address.pathname}${address.search}`;
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  // What the browser will make of the path given back must be this origin again.
  return new URL(path, own).origin === own ? path : undefined;
}
