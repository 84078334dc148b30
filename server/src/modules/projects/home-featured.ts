import { type ProjectList, type SiteLanguage, apiRoutes, apiUrl, contentLanguageOf, featuredLimit } from '@blitz/contract';
import type { PageFillerDeps } from '../registry/site-module';
import type { PageFiller } from '../pages/page-filler';
import type { PageRenderer } from '../pages/page-renderer';
import { readProjectPage } from './project-reads';

/**
 * The home page, rendered with the featured projects (picture, title, location, link) between
 * its services and its lightning-protection section. Kept per content version like every page,
 * so featuring, moving or editing a featured project shows on the next request. With none
 * featured it is the page it was before: the prerendered one while the texts are as built.
 */
export function homeFiller(deps: PageFillerDeps, renderer: PageRenderer): PageFiller {
  const featured = async (lang: SiteLanguage) =>
    (
      await readProjectPage(deps, {
        Sort: 'featured',
        PageLength: featuredLimit,
        PageNumber: 1,
        Language: contentLanguageOf(lang),
      })
    ).value;
  return {
    version: () => deps.contentReads.version(),
    builtAsIs: async (lang) => (await featured(lang)).count === 0,
    async fill(_request, lang, prerendered, url, content, extra) {
      const language = contentLanguageOf(lang);
      const list = await featured(lang);
      // The page carries what the cards show, and no more: every byte is in its first response.
      const cards: ProjectList = {
        count: list.count,
        data: list.data.map((p) => ({ ...p, content: [], scopeOfWorks: [], client: '', category: null })),
      };
      const data = list.count > 0 ? { ...extra, [apiUrl(apiRoutes.projects.featuredPath(language))]: cards } : { ...extra };
      const html = await renderer.render(prerendered, 'home', url, lang, data, content);
      return { html: html ?? prerendered, rendered: html !== undefined };
    },
  };
}
