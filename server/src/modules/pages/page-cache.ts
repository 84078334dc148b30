import {
  type PageKey,
  inquiryReferenceParam,
  inquiryReferencePattern,
  inquirySentParam,
  inquirySubjectParam,
  inquirySubjects,
  isSiteLanguage,
  jobSearchParam,
  newsPageParam,
  pageLengthOptions,
  pages,
  parseGalleryState,
  parseNewsPage,
} from '@blitz/contract';
import { LRUCache } from 'lru-cache';
import { type FullyEncodedBody, encodeBody, refineSoon } from '../../lib/encoded-body';

/** A finished page as sent: the HTML and its compressed forms, and the ETag of what it was made from. */
export type FinishedPage = FullyEncodedBody & { etag: string };

/**
 * The page in all three encodings: compressed fast for the request that made it, and at the best
 * quality in the background at once. A page is kept for every visitor until the next edit, so it
 * is in demand from the start, and a page over one round trip's 14 KB at the fast quality may fit
 * at the best one (the German gallery: 13.8 against 12.5 KB in brotli).
 */
export async function finishPage(html: string, etag: string): Promise<FinishedPage> {
  const page = { ...(await encodeBody(html, 'fresh')), etag };
  refineSoon(page);
  return page;
}

/**
 * Finished pages, each under the version of what it was made from, least recently used dropped
 * first, bounded in entries and in bytes. An entry is served only to a request that read the
 * same version, and dropped when one reads another: after an edit no page from before it is
 * served. Versions are per page, not one for the cache: the jobs pages' version also names the
 * day, and a cache holding one version dropped every kept page at each switch between a jobs
 * page and any other.
 */
export class PageCache {
  // With the size each was counted at: a page's forms shrink when they are refined.
  private readonly entries: LRUCache<string, { page: FinishedPage; version: string; size: number }>;
  /** The pages being made, per version and key. */
  private readonly making = new Map<string, Promise<unknown>>();

  constructor(
    maxEntries = 200,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {
    this.entries = new LRUCache({ max: maxEntries, maxSize: maxBytes, sizeCalculation: (entry) => Math.max(entry.size, 1) });
  }

  get(key: string, version: string): FinishedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.page;
  }

  set(key: string, version: string, page: FinishedPage): void {
    const size = PageCache.size(page);
    // Too big to keep: whatever is kept under the key stays.
    if (size > this.maxBytes) return;
    this.entries.set(key, { page, version, size });
  }

  /**
   * The page kept under `key` for `version`, else the one being made for them, else what `make`
   * answers (it keeps the page with `set` if it is for others too): a burst of requests for one
   * page renders and compresses it once. `onLookup` is told whether a kept page was found.
   */
  getOrMake<T>(
    key: string,
    version: string,
    make: () => Promise<T>,
    onLookup?: (hit: boolean) => void,
  ): Promise<FinishedPage | T> {
    const kept = this.get(key, version);
    onLookup?.(kept !== undefined);
    if (kept) return Promise.resolve(kept);
    const makingKey = `${version} ${key}`;
    let pending = this.making.get(makingKey) as Promise<T> | undefined;
    if (!pending) {
      pending = make().finally(() => this.making.delete(makingKey));
      this.making.set(makingKey, pending);
    }
    return pending;
  }

  /** What the cache holds: entries and bytes (for tests and diagnostics). */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  private static size(page: FinishedPage): number {
    return page.raw.length + page.br.length + page.gzip.length;
  }
}

/**
 * The query parameters each public page reads; its HTML depends on nothing else in its address.
 * Every page reads the language, the footer form's subject (a job's apply link) and its notice; the gallery
 * its state, the jobs page its search.
 */
const pageParams: Partial<Record<PageKey, readonly string[]>> = {
  projects: ['category', 'page', 'rows'],
  jobs: [jobSearchParam],
};

/**
 * The address a page is kept and rendered under: its path and the parameters it reads, each once
 * and with a value it can take, in a fixed order. Any other parameter (`?utm_source=…`,
 * `?x=<random>`) is ignored: it neither makes a page of its own in the cache nor reaches the
 * page (issue 27, point 11: 4,500 addresses made 4,500 renders). `?a=1&b=2` and `?b=2&a=1`
 * are one page. `subjects`: the inquiry types `?subject=` may choose (the content's form).
 */
export function normalizedUrl(url: string, page?: PageKey, subjects: readonly string[] = inquirySubjects): string {
  const address = new URL(url, 'http://x');
  // The path as the page's own: the router takes /PROJECTS, /Projects/ and /project/0003 too.
  const path = page ? canonicalPath(page, address.pathname) : address.pathname;
  const given = address.searchParams;
  const kept = new URLSearchParams();
  const lang = given.get('lang');
  if (isSiteLanguage(lang)) kept.set('lang', lang);
  const subject = given.get(inquirySubjectParam);
  // One of the form's types (`subjects`: those of the content's form, staff's own among them).
  if (subject !== null && subjects.includes(subject)) kept.set(inquirySubjectParam, subject);
  // A form sent without JavaScript comes back here: made for that answer alone, never kept.
  if (given.get(inquirySentParam) === 'sent') {
    kept.set(inquirySentParam, 'sent');
    // Its reference too, so that a page that leads elsewhere (a gallery page past the last) keeps it.
    const reference = given.get(inquiryReferenceParam);
    if (reference !== null && inquiryReferencePattern.test(reference)) kept.set(inquiryReferenceParam, reference);
  }
  if (page === 'news') {
    // The list's page as it reads it: ?page=1 and ?page=junk are the first.
    const number = parseNewsPage(given.get(newsPageParam));
    if (number > 1) kept.set(newsPageParam, String(number));
  } else if (page === 'projects') {
    // The gallery's state as it reads it, defaults left out: ?page=1 and ?rows=junk are the gallery.
    const state = parseGalleryState((name) => given.get(name));
    if (state.category !== undefined) kept.set('category', String(state.category));
    if (state.page !== 1) kept.set('page', String(state.page));
    if (state.rows !== pageLengthOptions[0]) kept.set('rows', String(state.rows));
  } else if (page) {
    for (const name of pageParams[page] ?? []) {
      const value = given.get(name);
      if (value !== null && value !== '') kept.set(name, value);
    }
  } else {
    // No page named: every parameter, each once (the order fixed).
    for (const name of new Set(given.keys())) kept.set(name, given.get(name)!);
  }
  kept.sort();
  const search = kept.toString();
  return `${path}${search ? `?${search}` : ''}`;
}

/**
 * The id in a page's address (`/project/3`, `/jobs/1`): read from the address the page is made
 * for, not from the request, since a form answer makes the page of another address (the one the
 * form was sent from) in a request to the contact route.
 */
export function pageIdOf(url: string): string {
  return new URL(url, 'http://x').pathname.split('/').filter(Boolean)[1] ?? '';
}

/** The page's path as the site writes it, with a numeric id without leading zeros. */
function canonicalPath(page: PageKey, pathname: string): string {
  const pattern = pages[page].path;
  // A page staff added, a news post: the address's segment as asked, encoded one way
  // (`/Prüfung`, `/Pr%C3%BCfung`), after the pattern's own (`/aktuelles/`).
  if (pattern.endsWith('/:address')) {
    const prefix = pattern.slice(0, -'/:address'.length);
    const segment = pathname.split('/').filter(Boolean)[prefix.split('/').length - 1] ?? '';
    try {
      return `${prefix}/${encodeURIComponent(decodeURIComponent(segment).normalize('NFC'))}`;
    } catch {
      return `${prefix}/${segment}`;
    }
  }
  if (!pattern.includes(':id')) return pattern;
  const id = pageIdOf(pathname);
  return pattern.replace(':id', /^\d{1,10}$/.test(id) ? String(Number(id)) : encodeURIComponent(id));
}

/**
 * Whether a page made for this address is kept for others. A jobs search is made for its request
 * alone: any text is a search, and random ones would push the real pages out of the cache.
 */
export function keptForOthers(url: string): boolean {
  return !new URL(url, 'http://x').searchParams.has(jobSearchParam);
}
