import { projectPath } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { SitemapSource } from '../pages/site-index';
import { listProjectChanges } from './projects.repository';

/** Every project's page for the sitemap, dated by the project's last change. */
export function projectSitemapSource(db: Db): SitemapSource {
  return async () => (await listProjectChanges(db)).map((p) => ({ path: projectPath(p.id), lastmod: p.updatedAt }));
}
