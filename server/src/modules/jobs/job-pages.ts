import type { FastifyInstance } from 'fastify';
import type { PageRenderer } from '../pages/page-renderer';
import type { PageFiller } from '../pages/pages.routes';

/**
 * The jobs page per address: /jobs?q=… is the search form's answer without JavaScript, the table
 * filtered by the server (the page reads the query from its address). Kept per content version
 * like the gallery, so a repeated search costs nothing.
 */
export function jobsPageFiller(app: FastifyInstance, renderer: PageRenderer): PageFiller {
  return {
    version: () => app.contentReads.version(),
    async fill(_request, lang, prerendered, url, extra) {
      const html = await renderer.render(prerendered, 'jobs', url, lang, { ...extra });
      return { html: html ?? prerendered, rendered: html !== undefined };
    },
  };
}
