import { wordPressIdQuery } from '@blitz/contract';

// How addresses are matched (decision 047): decoded, in lower case, without trailing slashes;
// WordPress's ?p=ID and ?page_id=ID are part of an address, any other query is not.

/** The key a path is matched under: `/Referenzen/Halle/` and `/referenzen/halle` are one. */
export function pathKey(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape: matched as sent.
  }
  let end = decoded.length;
  while (end > 1 && decoded.charCodeAt(end - 1) === 47) end--;
  return decoded.slice(0, end).toLowerCase();
}

/** The key of a redirect's `from` (validated by the contract: a path, optionally with ?p=ID or ?page_id=ID). */
export function fromKey(from: string): string {
  const [path = '/', query] = from.split('?', 2);
  return query === undefined ? pathKey(path) : `${pathKey(path)}?${query.toLowerCase()}`;
}

/** The WordPress id forms of a request's query (`p=123`, `page_id=7`), as they are matched. */
export function wordPressForms(query: string): string[] {
  const forms: string[] = [];
  for (const part of query.split('&')) {
    const lower = part.toLowerCase();
    if (wordPressIdQuery.test(lower)) forms.push(lower);
  }
  return forms;
}

/** A request's address in parts: its path's key and its raw query (undefined without `?`). */
export function addressParts(url: string): { key: string; query: string | undefined } {
  const at = url.indexOf('?');
  return at < 0
    ? ({ key: pathKey(url) } as { key: string; query: undefined })
    : { key: pathKey(url.slice(0, at)), query: url.slice(at + 1) };
}

/** The key a `to` on this site is matched under (for chains); undefined for an address elsewhere. */
export function targetKey(to: string): string | undefined {
  if (!to.startsWith('/')) return undefined;
  const [address = '/'] = to.split('#', 1);
  const { key, query } = addressParts(address);
  const form = query === undefined ? undefined : wordPressForms(query)[0];
  return form ? `${key}?${form}` : key;
}

/**
 * Where a visitor is sent: `to`, with the visitor's query added when the redirect keeps it (less
 * the WordPress id it was matched by), before any fragment of `to`.
 */
export function destination(to: string, keepQuery: boolean, query: string | undefined, matchedForm?: string): string {
  if (!keepQuery || !query) return to;
  const kept = query
    .split('&')
    .filter((part) => part !== '' && part.toLowerCase() !== matchedForm)
    .join('&');
  if (!kept) return to;
  const hash = to.indexOf('#');
  const [base, fragment] = hash < 0 ? [to, ''] : [to.slice(0, hash), to.slice(hash)];
  return `${base}${base.includes('?') ? '&' : '?'}${kept}${fragment}`;
}
