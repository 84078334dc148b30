import type { SiteModule } from '../registry/site-module';
import { newsFeedRoutes } from './news-feed.routes';
import { newsFiles } from './news-files';
import { newsHomeData, newsPageFillers } from './news-pages';
import { newsSitemapSource } from './news-sitemap';
import { newsTrash } from './news-trash';
import { nextPublishAt } from './news.repository';
import { newsRoutes } from './news.routes';

// News posts (issue 45, decisions 063, 064): their API, their public pages (the list, a post, the
// newest on the home page), their Atom feeds at /aktuelles/feed (?lang=en), the sitemap, the
// trash, the library's "used on", and the moments scheduled posts go live.
export const newsModule: SiteModule = {
  name: 'news',
  routes: newsRoutes,
  siteRoutes: newsFeedRoutes,
  pageFillers: newsPageFillers,
  pageData: newsHomeData,
  sitemap: newsSitemapSource,
  trash: newsTrash,
  fileUsage: newsFiles,
  scheduledChanges: nextPublishAt,
};
