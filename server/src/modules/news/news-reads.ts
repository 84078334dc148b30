import type { NewsPost, NewsPostSummaryList, NewsPublishedQuery } from '@blitz/contract';
import type { Read, ReadDeps } from '../content/content-reads';
import { getVisiblePostAt, getVisiblePosts } from './news.service';

/**
 * The visitors' reads of the posts, kept per content version (content/content-reads.ts). A post's
 * time (`publishAt`) is compared with the clock in SQL; when a scheduled post's time comes, the
 * content version moves (news-schedule.ts), so nothing kept before then is served after it.
 */
export function readVisiblePosts(reads: ReadDeps, query: NewsPublishedQuery, now: Date): Promise<Read<NewsPostSummaryList>> {
  return reads.contentReads.read(`news list ${query.PageNumber} ${query.PageLength}`, () =>
    getVisiblePosts(reads.db, query, now),
  );
}

export function readVisiblePostAt(reads: ReadDeps, address: string, now: Date): Promise<Read<NewsPost>> {
  return reads.contentReads.read(`news post ${address.normalize('NFC').toLowerCase()}`, () =>
    getVisiblePostAt(reads.db, address, now),
  );
}
