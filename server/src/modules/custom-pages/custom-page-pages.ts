import {
  type PublishedCustomPage,
  customPageAddressKey,
  customPageAddressPattern,
  customPageReadPath,
  customPageReferencesKey,
} from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import type { PageFiller } from '../pages/page-filler';
import type { PageRenderer } from '../pages/page-renderer';
import type { PageFillerDeps } from '../registry/site-module';
import { sectionReferences } from '../section-documents/section-references';
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
          [customPageReferencesKey]: await sectionReferences(deps, page.sections, lang),
        };
        const html = await renderer.render(prerendered, 'customPage', url, lang, data, content);
        return { html: html ?? prerendered, rendered: html !== undefined };
      },
    },
  };
}
