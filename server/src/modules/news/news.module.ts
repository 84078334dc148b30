import type { SiteModule } from '../registry/site-module';
import { newsFeedRoutes } from './news-feed.routes';
import { newsFiles } from './news-files';
import { newsTrash } from './news-trash';
import { nextPublishAt } from './news.repository';
import { newsRoutes } from './news.routes';

// News posts (issue 45, decisions 063, 064): their API, their Atom feeds at /aktuelles/feed
// (?lang=en), the trash, the library's "used on", and the moments scheduled posts go live.
// Their public pages, sitemap entries and the editor come next.
export const newsModule: SiteModule = {
  name: 'news',
  routes: newsRoutes,
  siteRoutes: newsFeedRoutes,
  trash: newsTrash,
  fileUsage: newsFiles,
  scheduledChanges: nextPublishAt,
};
