import type { FastifyRequest } from 'fastify';
import { type PageData, type PageKey, type SiteLanguage, apiRoutes, apiUrl, pages } from '@blitz/contract';
import type { PageContent } from './page-content';
import type { PageRenderer } from './page-renderer';

/**
 * A page whose data comes from the database (the gallery, a project). `version` reads the
 * current version of that data (the one the API's kept answers go by); `fill`, given the
 * request, its address (normalized: the page is rendered for exactly that address), the
 * prerendered HTML and the texts and company details to render with, answers the HTML rendered
 * with the current data — `rendered: false` if only the prerendered page could be given, which
 * is then not kept — or where to go instead, or that the address names nothing (a page staff
 * added that is not there: the site's not-found answer).
 */
export type PageFiller = {
  version(): Promise<string>;
  /**
   * Whether the page, with the texts and details as built, shows nothing of its data now (the
   * home page with no project featured): then the build's file is sent as it is.
   */
  builtAsIs?(lang: SiteLanguage): Promise<boolean>;
  fill(
    request: FastifyRequest,
    lang: SiteLanguage,
    prerendered: string,
    url: string,
    content: PageContent,
    /** More data to render with (the footer form's state): the page is then made for this answer alone. */
    extra?: PageData,
  ): Promise<{ html: string; rendered: boolean } | { redirect: string } | { notFound: true }>;
};

/**
 * A page with no data of its own, rendered with the texts and company details (decision 022).
 * The admin app's page (the dashboard, rendered in the browser) gets its head rendered and the
 * company details as the answer of GET /api/v1/Settings in its data, so that the browser app shows
 * the saved company from its first paint.
 */
export function contentFiller(page: PageKey, renderer: PageRenderer | undefined, version: () => Promise<string>): PageFiller {
  const appShell = !pages[page].prerender;
  return {
    version,
    async fill(_request, lang, prerendered, url, content, extra) {
      const data = appShell ? { [apiUrl(apiRoutes.companyDetails)]: content.render.company, ...extra } : (extra ?? {});
      const html = await renderer?.render(prerendered, page, url, lang, data, content);
      return { html: html ?? prerendered, rendered: html !== undefined };
    },
  };
}
