import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PageKey } from '@blitz/contract';
import type { Config } from '../../config';
import type { PageRenderer } from '../pages/page-renderer';
import type { PageFiller } from '../pages/page-filler';
import type { ReadDeps } from './content-reads';

/** What a module's page fillers read with: the public reads, and the pictures' address (the site's comes with each page's content). */
export type PageFillerDeps = ReadDeps & { config: Pick<Config, 'mediaPublicUrl' | 'contactToBySubject' | 'mailFrom'> };

/**
 * One editable thing of the site (categories, projects, jobs, the company details): its API and
 * the public pages made from it. app.ts registers every module of its list the same way, so the
 * next editable thing is a folder like modules/jobs/ and one line in that list.
 */
export type ContentModule = {
  /** Its API routes, registered under /api/v1. */
  routes: FastifyPluginAsyncZod;
  /** The public pages rendered from its content at request time, if any. */
  pageFillers?: (deps: PageFillerDeps, renderer: PageRenderer) => Partial<Record<PageKey, PageFiller>>;
};

/** Every module's page fillers in one map, as pages.routes.ts takes them. */
export function contentPageFillers(
  deps: PageFillerDeps,
  renderer: PageRenderer,
  modules: readonly ContentModule[],
): Partial<Record<PageKey, PageFiller>> {
  const fillers: Partial<Record<PageKey, PageFiller>> = {};
  for (const module of modules) {
    for (const [page, filler] of Object.entries(module.pageFillers?.(deps, renderer) ?? {})) {
      if (fillers[page as PageKey]) throw new Error(`two content modules fill the page ${page}`);
      fillers[page as PageKey] = filler;
    }
  }
  return fillers;
}
