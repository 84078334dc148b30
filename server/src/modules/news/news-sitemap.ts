import { newsPath, newsPostPath } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { SitemapSource } from '../pages/site-index';
import { listVisibleForSitemap } from './news.repository';

/**
 * The news list and every post visitors see now, but those kept out of search engines, each dated
 * by its last change (the list by its newest post's). The sitemap is kept per content version,
 * which the schedule moves when a post's time comes (decision 063).
 */
export function newsSitemapSource(db: Db, clock: () => Date): SitemapSource {
  return async () => {
    const posts = await listVisibleForSitemap(db, clock());
    if (posts.length === 0) return [];
    const newest = posts.reduce((latest, post) => (post.lastmod > latest ? post.lastmod : latest), '');
    return [
      { path: newsPath, lastmod: newest },
      ...posts.filter((post) => !post.noindex).map((post) => ({ path: newsPostPath(post.address, 'de'), lastmod: post.lastmod })),
    ];
  };
}
