import type { ContentLanguage } from './languages';
import { apiRoutes, apiUrl } from './routes';

// The gallery's addresses and paging rules. No zod here: the public pages import this without
// the schemas (project.ts), which load only when the browser parses an API answer.

/** Rows-per-page choices of the gallery (SPEC.md §9); the first is the default. */
export const pageLengthOptions = [10, 20, 30] as const;
export type PageLengthOption = (typeof pageLengthOptions)[number];
export const projectListLimits = { defaultPageLength: 10, maxPageLength: 100, maxPageNumber: 1_000_000 } as const;

/** The list URL of a query, with its parameters in one fixed order (it doubles as a cache key). */
export function projectListUrl(query: {
  Title?: string | undefined;
  Description?: string | undefined;
  CategoryID?: number | undefined;
  PageLength: number;
  PageNumber: number;
  Language?: number | undefined;
}): string {
  const params = new URLSearchParams();
  if (query.Title) params.set('Title', query.Title);
  if (query.Description) params.set('Description', query.Description);
  if (query.CategoryID) params.set('CategoryID', String(query.CategoryID));
  params.set('PageLength', String(query.PageLength));
  params.set('PageNumber', String(query.PageNumber));
  if (query.Language) params.set('Language', String(query.Language));
  return `${apiUrl(apiRoutes.projects.list)}?${params.toString()}`;
}

/**
 * The gallery's state in its address (`/Projects?category=3&page=2&rows=20`), so that a link or
 * the back button restores it. Values that make no sense fall back to the defaults rather than fail.
 */
export type GalleryState = { category: number | undefined; page: number; rows: PageLengthOption };

export function parseGalleryState(get: (name: string) => string | null | undefined): GalleryState {
  const int = (value: string | null | undefined) => (value && /^\d{1,9}$/.test(value) ? Number(value) : undefined);
  const category = int(get('category'));
  const page = int(get('page'));
  const rows = int(get('rows'));
  return {
    category: category && category > 0 ? category : undefined,
    page: page && page >= 1 && page <= projectListLimits.maxPageNumber ? page : 1,
    rows: pageLengthOptions.find((option) => option === rows) ?? pageLengthOptions[0],
  };
}

/** The API query of a gallery state in a content language. */
export function galleryListQuery(state: GalleryState, language: ContentLanguage) {
  return { CategoryID: state.category, PageLength: state.rows as number, PageNumber: state.page, Language: language };
}

/** The start of a text, cut at a word, for a meta description or a link preview. */
export function textExcerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}
