import { type GalleryState, pageLengthOptions } from '@blitz/contract';
import { paths } from '../../../config/paths';

/**
 * The address of a gallery view: /Projects with its filter, page and rows, defaults left out
 * (/Projects is the first page of everything), and ?lang= kept where the current address has it.
 * Every view has its own address: the server renders it, crawlers follow it, links share it.
 */
export function galleryHref(state: GalleryState, lang?: string | null): string {
  const params = new URLSearchParams();
  if (state.category) params.set('category', String(state.category));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.rows !== pageLengthOptions[0]) params.set('rows', String(state.rows));
  if (lang) params.set('lang', lang);
  const query = params.toString();
  return query ? `${paths.projects}?${query}` : paths.projects;
}
