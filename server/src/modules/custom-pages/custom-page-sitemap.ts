import type { Db } from '../../db/database';
import type { SitemapSource } from '../pages/site-index';
import { listCustomPages } from './custom-pages.repository';

/** Every published page staff added, but those kept out of search engines, dated by its last change. */
export function customPageSitemapSource(db: Db): SitemapSource {
  return async () =>
    (await listCustomPages(db, { published: true }))
      .filter((page) => !page.values.noindex)
      .map((page) => ({ path: page.values.address, lastmod: page.updatedAt }));
}
