import type { NewsHome, NewsPostSummaryList, NewsPublishedQuery, PublishedNewsPost } from '@blitz/contract';
import type { Config } from '../../config';
import type { Read, ReadDeps } from '../content/content-reads';
import { getNewsHome } from './news-home';
import { getVisiblePostAt, getVisiblePosts } from './news.service';

/** The posts' reads give the library's pictures on MEDIA_PUBLIC_URL. */
export type NewsReadDeps = ReadDeps & { config: Pick<Config, 'mediaPublicUrl'> };

/**
 * The visitors' reads of the posts, kept per content version (content/content-reads.ts). A post's
 * time (`publishAt`) is compared with the clock in SQL; when a scheduled post's time comes, the
 * content version moves (news-schedule.ts), so nothing kept before then is served after it.
 */
export function readVisiblePosts(reads: NewsReadDeps, query: NewsPublishedQuery, now: Date): Promise<Read<NewsPostSummaryList>> {
  return reads.contentReads.read(`news list ${query.PageNumber} ${query.PageLength}`, () =>
    getVisiblePosts(reads.db, query, now, reads.config.mediaPublicUrl),
  );
}

export function readVisiblePostAt(reads: NewsReadDeps, address: string, now: Date): Promise<Read<PublishedNewsPost>> {
  return reads.contentReads.read(`news post ${address.normalize('NFC').toLowerCase()}`, () =>
    getVisiblePostAt(reads.db, address, now, reads.config.mediaPublicUrl),
  );
}

/** How many of the newest posts the home page shows. */
export function readNewsHome(reads: ReadDeps): Promise<Read<NewsHome>> {
  return reads.contentReads.read('news home', () => getNewsHome(reads.db));
}

/** Whether visitors see any post now: the navigation and the footer link the news then. */
export async function newsVisible(reads: NewsReadDeps, now: Date): Promise<boolean> {
  return (await readVisiblePosts(reads, { PageNumber: 1, PageLength: 1 }, now)).value.count > 0;
}
