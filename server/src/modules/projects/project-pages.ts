import {
  type ContactFormState,
  type Project,
  contactFormStateKey,
  contentLanguageOf,
  galleryListQuery,
  parseGalleryState,
  projectListUrl,
  apiRoutes,
  apiUrl,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import type { PageRenderer } from '../pages/page-renderer';
import { normalizedUrl, pageIdOf } from '../pages/page-cache';
import type { PageFillerDeps } from '../registry/site-module';
import type { PageFiller } from '../pages/page-filler';
import { readCategories } from '../categories/category-reads';
import { readProject, readProjectPage } from './project-reads';
import { getProjectPreview } from './projects.service';
import { mediaAddress } from '../../media/media-address';

/**
 * The gallery and a project's page, rendered with the current data: the HTML has the cards and
 * the texts in it (for the first paint and for crawlers), the head the view's or the project's
 * own address, title and link preview (web/src/lib/ssr/page-head.ts). The finished page is kept per content
 * version (pages.routes.ts), so no edit is ever hidden behind it. An unknown project sends the
 * visitor to the home page, as the spec says.
 */
export function projectPageFillers(deps: PageFillerDeps, renderer: PageRenderer): { projects: PageFiller; project: PageFiller } {
  return {
    projects: {
      version: () => deps.contentReads.version(),
      async fill(_request, lang, prerendered, url, content, extra) {
        const address = new URL(url, 'http://x');
        let state = parseGalleryState((name) => address.searchParams.get(name) ?? undefined);
        let query = galleryListQuery(state, contentLanguageOf(lang));
        const [first, { value: categories }] = await Promise.all([readProjectPage(deps, query), readCategories(deps)]);
        // A category that does not exist (removed, or made up) leads to the whole gallery: an
        // empty page under each number would be a page of its own in the cache.
        if (state.category !== undefined && !categories.data.some((c) => c.id === state.category)) {
          address.searchParams.delete('category');
          address.searchParams.delete('page');
          return { redirect: `${address.pathname}${address.search}` };
        }
        let list = first.value;
        // A link past the last page (projects were removed since) leads to the last page. A form
        // sent from it and refused (extra: the form's state, with what was typed) is answered in
        // place instead, with the last page's cards: a redirect would lose the values.
        const pages = Math.max(1, Math.ceil(list.count / state.rows));
        if (state.page > pages) {
          address.searchParams.set('page', String(pages));
          const last = `${address.pathname}${address.search}`;
          if ((extra?.[contactFormStateKey] as ContactFormState | undefined)?.values === undefined) return { redirect: last };
          url = normalizedUrl(last, 'projects');
          state = { ...state, page: pages };
          query = galleryListQuery(state, contentLanguageOf(lang));
          list = (await readProjectPage(deps, query)).value;
        }
        // The cards show no long texts nor the search entries: the page carries the list without them (a third of its size).
        const cards = {
          ...list,
          data: list.data.map((p) => ({ ...p, content: [], scopeOfWorks: [], searchTitle: [], searchDescription: [] })),
        };
        const data = { ...extra, [projectListUrl(query)]: cards, [apiUrl(apiRoutes.categories.list)]: categories };
        const html = await renderer.render(prerendered, 'projects', url, lang, data, content);
        return { html: html ?? prerendered, rendered: html !== undefined };
      },
    },

    project: {
      version: () => deps.contentReads.version(),
      async fill(_request, lang, prerendered, url, content, extra) {
        const id = pageIdOf(url);
        if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) return { redirect: '/' };
        let project: Project;
        try {
          // A preview (staff's cookie, decision 022) shows the pending values, drafts too; never kept.
          project = content.preview
            ? await getProjectPreview(deps.db, Number(id), mediaAddress(deps.config.mediaPublicUrl))
            : (await readProject(deps, Number(id))).value;
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return { redirect: '/' };
          throw error;
        }
        const html = await renderer.render(
          prerendered,
          'project',
          url,
          lang,
          {
            ...extra,
            [apiUrl(apiRoutes.projects.onePath(project.id))]: project,
          },
          content,
        );
        return { html: html ?? prerendered, rendered: html !== undefined };
      },
    },
  };
}
