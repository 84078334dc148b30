import { type FullyEncodedBody, encodeBody } from '../../lib/encoded-body';

/** A finished page as sent: the HTML and its compressed forms, and the ETag of what it was made from. */
export type FinishedPage = FullyEncodedBody & { etag: string };

/** The page in all three encodings, compressed fast now and at the best quality once it is in demand (encodeBody). */
export async function finishPage(html: string, etag: string): Promise<FinishedPage> {
  return { ...(await encodeBody(html, 'fresh')), etag };
}

/**
 * Finished pages of the current content version, least recently used dropped first, bounded in
 * entries and in bytes. An entry is served only to a request that read the same version, and
 * the first request that reads another version drops them all: after an edit no page from
 * before it is served, and the memory they took is free at once.
 */
export class PageCache {
  // With the size each was counted at: a page's forms shrink when they are refined.
  private readonly entries = new Map<string, FinishedPage>();
  private readonly sizes = new Map<string, number>();
  private version: string | undefined;
  private bytes = 0;

  constructor(
    private readonly maxEntries = 200,
    private readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get(key: string, version: string): FinishedPage | undefined {
    if (version !== this.version) {
      this.clear();
      this.version = version;
      return undefined;
    }
    const page = this.entries.get(key);
    if (!page) return undefined;
    // Most recently used last: the first key is the one to drop.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  set(key: string, version: string, page: FinishedPage): void {
    // A page made under a version no longer current is not kept.
    if (version !== this.version) return;
    const size = PageCache.size(page);
    if (size > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, page);
    this.sizes.set(key, size);
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  /** What the cache holds: entries and bytes (for tests and diagnostics). */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private remove(key: string): void {
    if (!this.entries.delete(key)) return;
    this.bytes -= this.sizes.get(key)!;
    this.sizes.delete(key);
  }

  private clear(): void {
    this.entries.clear();
    this.sizes.clear();
    this.bytes = 0;
  }

  private static size(page: FinishedPage): number {
    return page.raw.length + page.br.length + page.gzip.length;
  }
}

/**
 * The address a page is kept and rendered under: its path and its query parameters in a fixed
 * order, so that `?a=1&b=2` and `?b=2&a=1` are one page.
 */
export function normalizedUrl(url: string): string {
  const address = new URL(url, 'http://x');
  address.searchParams.sort();
  return `${address.pathname}${address.search}`;
}
