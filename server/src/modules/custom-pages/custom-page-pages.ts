import {
  type CustomPageReferences,
  type PublishedCustomPage,
  contentLanguageOf,
  customPageAddressKey,
  customPageAddressPattern,
  customPageReadPath,
  customPageReferencesKey,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import type { PageFiller } from '../pages/page-filler';
import type { PageRenderer } from '../pages/page-renderer';
import { readProjectPage } from '../projects/project-reads';
import type { PageFillerDeps } from '../registry/site-module';
import { getPagePreviewAt, getPublishedPageAt } from './custom-pages.service';

/** The page address a URL asks for (`/Herbstaktion?lang=en` → `/Herbstaktion`); undefined if it cannot be one. */
export function customPageAddressOf(url: string): string | undefined {
  const [segment = '', ...rest] = new URL(url, 'http://x').pathname.split('/').filter(Boolean);
  if (rest.length > 0) return undefined;
  let address: string;
  try {
    address = `/${decodeURIComponent(segment)}`.normalize('NFC');
  } catch {
    return undefined;
  }
  return customPageAddressPattern.test(address) ? address : undefined;
}

/** The projects each references section shows, read as the gallery reads them (published ones only). */
async function referencesOf(
  deps: PageFillerDeps,
  page: PublishedCustomPage,
  language: ReturnType<typeof contentLanguageOf>,
): Promise<CustomPageReferences> {
  const references: CustomPageReferences = {};
  for (const section of page.sections) {
    if (section.kind !== 'references') continue;
    const { value } = await readProjectPage(deps, {
      ...(section.categoryId === null ? {} : { CategoryID: section.categoryId }),
      PageLength: section.limit,
      PageNumber: 1,
      Language: language,
      Sort: section.order === 'staff' ? 'position' : 'newest',
    });
    // The cards show no long texts nor the search entries (as the gallery's page data).
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

/**
 * A page staff added (issue 45, decision 061), at its address: rendered with its sections, the
 * files they show and the references they list, kept per content version like every page. An
 * address no published page has is "not found" (the site's not-found answer, decision 047);
 * staff previewing the drafts see a draft or a live page's draft of changes at its address.
 */
export function customPageFillers(deps: PageFillerDeps, renderer: PageRenderer): { customPage: PageFiller } {
  return {
    customPage: {
      version: () => deps.contentReads.version(),
      async fill(_request, lang, prerendered, url, content, extra) {
        const address = customPageAddressOf(url);
        if (!address) return { notFound: true };
        let page: PublishedCustomPage | undefined;
        try {
          page = content.preview
            ? await getPagePreviewAt(deps.db, address, deps.config.mediaPublicUrl)
            : await getPublishedPageAt(deps.db, address, deps.config.mediaPublicUrl);
        } catch (error) {
          if (error instanceof HttpError && error.status === 404) return { notFound: true };
          throw error;
        }
        if (!page) return { notFound: true };
        const data = {
          ...extra,
          [customPageReadPath(customPageAddressKey(address))]: page,
          [customPageReferencesKey]: await referencesOf(deps, page, contentLanguageOf(lang)),
        };
        const html = await renderer.render(prerendered, 'customPage', url, lang, data, content);
        return { html: html ?? prerendered, rendered: html !== undefined };
      },
    },
  };
}
