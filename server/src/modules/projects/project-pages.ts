import {
  type ContactFormState,
  type GalleryState,
  type Project,
  type SiteLanguage,
  companyInterpolation,
  contactFormStateKey,
  fillPlaceholders,
  contentLanguageOf,
  galleryListQuery,
  pageLengthOptions,
  pageUrl,
  parseGalleryState,
  pickText,
  sharedPlaceholderValues,
  projectListUrl,
  projectPath,
  textExcerpt,
  escapeHtml,
  apiRoutes,
  apiUrl,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import { type PageRenderer, type Texts, ownPageHead, replaceHead, textAt } from '../pages/page-renderer';
import { normalizedUrl, pageIdOf } from '../pages/page-cache';
import type { PageFillerDeps } from '../content/content-module';
import type { PageFiller } from '../pages/page-filler';
import { readCategories } from '../categories/category-reads';
import { readProject, readProjectPage } from './project-reads';

/**
 * A project page's own head: its title and description for search engines, its address in both
 * languages, and a link preview showing its picture (Open Graph).
 */
export function projectHead(
  project: Project,
  lang: SiteLanguage,
  texts: Texts,
  siteUrl: string,
  company: Record<string, string> = companyInterpolation,
): string[] {
  const language = contentLanguageOf(lang);
  const projectTitle = pickText(project.title, language) || project.location;
  const template = textAt(texts, 'meta.projectDetail.titleWithProject') ?? '{{projectTitle}} | {{companyName}}';
  const title = fillPlaceholders(template, { ...company, projectTitle });
  const description = textExcerpt(
    pickText(project.content, language) || pickText(project.scopeOfWorks, language) || projectTitle,
  );
  const address = (l: SiteLanguage) => pageUrl(projectPath(project.id), l, siteUrl);
  const image = project.pictureSources.filter((s) => s.type === 'image/webp').sort((a, b) => b.width - a.width)[0];
  const tags = ownPageHead({ title, description, address, lang, ogType: 'article', ogTitle: projectTitle });
  if (image && project.pictureWidth && project.pictureHeight) {
    const height = Math.round((project.pictureHeight * image.width) / project.pictureWidth);
    tags.push(
      `<meta property="og:image" content="${new URL(image.url, siteUrl).href}" />`,
      `<meta property="og:image:type" content="${image.type}" />`,
      `<meta property="og:image:width" content="${image.width}" />`,
      `<meta property="og:image:height" content="${height}" />`,
      `<meta property="og:image:alt" content="${escapeHtml(projectTitle)}" />`,
    );
  }
  return tags;
}

/**
 * The gallery view's own address in the head (canonical, language alternates, og:url): every
 * view — /Projects?category=3&page=2 — is a page of its own for search engines, with its
 * defaults left out (page 1, 10 rows), as the gallery's own links write them.
 */
export function galleryViewHead(html: string, state: GalleryState): string {
  const params = new URLSearchParams();
  if (state.category) params.set('category', String(state.category));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.rows !== pageLengthOptions[0]) params.set('rows', String(state.rows));
  const query = params.toString();
  if (!query) return html;
  const headEnd = html.indexOf('</head>');
  const head = html
    .slice(0, headEnd)
    .replace(/(<link rel="(?:canonical|alternate)"[^>]*href="[^"]*\/Projects)(\?lang=en)?"/g, (_, start: string, en?: string) =>
      en ? `${start}?${query}&amp;lang=en"` : `${start}?${query}"`,
    )
    .replace(/(<meta property="og:url" content="[^"]*\/Projects)(\?lang=en)?"/g, (_, start: string, en?: string) =>
      en ? `${start}?${query}&amp;lang=en"` : `${start}?${query}"`,
    );
  return head + html.slice(headEnd);
}

/**
 * The gallery and a project's page, rendered with the current data: the HTML has the cards and
 * the texts in it (for the first paint and for crawlers). The finished page is kept per content
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
        // The cards show no long texts: the page carries the list without them (a third of its size).
        const cards = { ...list, data: list.data.map((p) => ({ ...p, content: [], scopeOfWorks: [] })) };
        const data = { ...extra, [projectListUrl(query)]: cards, [apiUrl(apiRoutes.categories.list)]: categories };
        const html = await renderer.render(prerendered, 'projects', url, lang, data, content);
        return { html: html === undefined ? prerendered : galleryViewHead(html, state), rendered: html !== undefined };
      },
    },

    project: {
      version: () => deps.contentReads.version(),
      async fill(_request, lang, prerendered, url, content, extra) {
        const id = pageIdOf(url);
        if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) return { redirect: '/' };
        let project: Project;
        try {
          project = (await readProject(deps, Number(id))).value;
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
        return {
          html: replaceHead(
            html ?? prerendered,
            projectHead(
              project,
              lang,
              content.render.texts['common'] ?? {},
              content.origin,
              sharedPlaceholderValues(content.render.company),
            ),
          ),
          rendered: html !== undefined,
        };
      },
    },
  };
}
