import type { FastifyBaseLogger } from 'fastify';
import type { NotFoundSettings } from '@blitz/contract';
import type { Db } from '../../db/database';
import { addRedirectHits, allRedirects, readNotFoundAnswer } from './redirects.repository';
import { addressParts, destination, wordPressForms } from './redirect-paths';

type Entry = { id: number; to: string; keepQuery: boolean };

/** What the site answers for addresses, as of one content version: the redirects by key, and the not-found answer. */
export type RedirectSnapshot = {
  version: string;
  byKey: ReadonlyMap<string, Entry>;
  /** Whether any `from` carries WordPress's ?p= or ?page_id= (only then is a query looked at). */
  withQueryForms: boolean;
  notFoundAnswer: NotFoundSettings['answer'];
};

export type RedirectMatch = { id: number; location: string };

/** The redirect that answers `url` in a snapshot, and where it sends; undefined when none does. */
export function matchIn(snapshot: RedirectSnapshot, url: string): RedirectMatch | undefined {
  if (snapshot.byKey.size === 0) return undefined;
  const { key, query } = addressParts(url);
  if (query !== undefined && snapshot.withQueryForms) {
    for (const form of wordPressForms(query)) {
      const entry = snapshot.byKey.get(`${key}?${form}`);
      if (entry) return { id: entry.id, location: destination(entry.to, entry.keepQuery, query, form) };
    }
  }
  const entry = snapshot.byKey.get(key);
  return entry && { id: entry.id, location: destination(entry.to, entry.keepQuery, query) };
}

export type RedirectTableDeps = {
  db: Db;
  /** The content version known without a read (decision 038); undefined when the next `version()` reads. */
  known: () => string | undefined;
  version: () => Promise<string>;
  log: FastifyBaseLogger;
};

/**
 * The redirects in memory, made again when the content version changes (every redirect change
 * bumps it, decision 047): a page request costs a map lookup, not a query. Hits are counted in
 * memory and added to the table every few seconds, without a content change.
 */
export class RedirectTable {
  private snapshot: RedirectSnapshot | undefined;
  private loading: Promise<RedirectSnapshot> | undefined;
  private hits = new Map<number, { count: number; at: string }>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: RedirectTableDeps) {}

  /** The snapshot of the version known now, if it is made: a page request's lookup without an await. */
  current(): RedirectSnapshot | undefined {
    const known = this.deps.known();
    return known !== undefined && this.snapshot?.version === known ? this.snapshot : undefined;
  }

  /** The snapshot of the current version, made (once, however many ask) when it is not. */
  async load(): Promise<RedirectSnapshot> {
    const version = await this.deps.version();
    if (this.snapshot?.version === version) return this.snapshot;
    const loading = (this.loading ??= this.read(version).finally(() => {
      if (this.loading === loading) this.loading = undefined;
    }));
    const made = await loading;
    // A newer version became known meanwhile: this one is still the best there is for this request.
    if (!this.snapshot || made.version === version) this.snapshot = made;
    return made;
  }

  private async read(version: string): Promise<RedirectSnapshot> {
    const [records, answer] = await Promise.all([allRedirects(this.deps.db), readNotFoundAnswer(this.deps.db)]);
    const byKey = new Map<string, Entry>();
    for (const r of records) byKey.set(r.fromKey, { id: r.id, to: r.to, keepQuery: r.keepQuery });
    return {
      version,
      byKey,
      withQueryForms: records.some((r) => r.fromKey.includes('?')),
      notFoundAnswer: answer === 'notFoundPage' ? 'notFoundPage' : 'redirectHome',
    };
  }

  /** Counts a followed redirect; written within a few seconds. */
  hit(id: number): void {
    const at = new Date().toISOString();
    const counted = this.hits.get(id);
    if (counted) {
      counted.count++;
      counted.at = at;
    } else if (this.hits.size < 100_000) this.hits.set(id, { count: 1, at });
    this.timer ??= setTimeout(() => void this.flushHits(), 5000).unref();
  }

  /** Writes the hits counted so far (before a list is read, and at close). */
  flushHits(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.hits].map(([id, h]) => ({ id, ...h }));
    this.hits.clear();
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing
      .then(() => addRedirectHits(this.deps.db, batch))
      .catch((error: unknown) => this.deps.log.warn({ err: error, redirects: batch.length }, 'redirect hits not counted'));
    return this.flushing;
  }
}
