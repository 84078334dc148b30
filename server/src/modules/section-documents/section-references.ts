import { type CustomPageReferences, type SiteLanguage, contentLanguageOf } from '@blitz/contract';
import { readProjectPage } from '../projects/project-reads';
import type { PageFillerDeps } from '../registry/site-module';
import type { StoredSection } from './section-values';

/**
 * The projects each references section of a page or post shows, by section id, read as the
 * gallery reads them (published ones only). The cards show no long texts nor the search entries
 * (as the gallery's page data): every byte is in the page's first response.
 */
export async function sectionReferences(
  deps: PageFillerDeps,
  sections: readonly StoredSection[],
  lang: SiteLanguage,
): Promise<CustomPageReferences> {
  const references: CustomPageReferences = {};
  for (const section of sections) {
    if (section.kind !== 'references') continue;
    const { value } = await readProjectPage(deps, {
      ...(section.categoryId === null ? {} : { CategoryID: section.categoryId }),
      PageLength: section.limit,
      PageNumber: 1,
      Language: contentLanguageOf(lang),
      Sort: section.order === 'staff' ? 'position' : 'newest',
    });
    references[section.id] = value.data.map((p) => ({
      ...p,
      content: [],
      scopeOfWorks: [],
      searchTitle: [],
      searchDescription: [],
    }));
  }
  return references;
}
