import type { ContentModule } from '../content/content-module';
import { jobRoutes } from './jobs.routes';

// The public jobs page is wired to these jobs with the server-rendered pages (no filler yet).
export const jobModule: ContentModule = { routes: jobRoutes };
