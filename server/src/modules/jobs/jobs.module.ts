import type { ContentModule } from '../content/content-module';
import { jobPageFillers } from './job-pages';
import { jobRoutes } from './jobs.routes';

// The jobs page (/jobs?q=…) and a job's page (/jobs/{id}) are rendered per address with the jobs a visitor may see.
export const jobModule: ContentModule = { routes: jobRoutes, pageFillers: jobPageFillers };
