import type { SiteModule } from '../registry/site-module';
import { jobPageFillers } from './job-pages';
import { jobSitemapSource } from './job-sitemap';
import { jobTrash } from './job-trash';
import { jobRoutes } from './jobs.routes';

// The jobs page (/jobs?q=…) and a job's page (/jobs/{id}) are rendered per address with the jobs a visitor may see.
export const jobModule: SiteModule = {
  name: 'jobs',
  routes: jobRoutes,
  pageFillers: jobPageFillers,
  sitemap: jobSitemapSource,
  trash: jobTrash,
};
