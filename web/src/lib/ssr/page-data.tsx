import { createContext, useContext } from 'react';
import { type PageData, pageDataElementId } from '@blitz/contract';

/**
 * Answers of API calls that the server already made while rendering a page (the gallery, a
 * project), keyed by the call's path. On the server the renderer provides them; in the browser
 * they are read from the JSON the server put into the page (the staff pages only: a visitor's
 * page runs no app, its islands carry their props in their markup).
 */
export type { PageData };

const PageDataContext = createContext<PageData | undefined>(undefined);
export const PageDataProvider = PageDataContext.Provider;

let fromDocument: PageData | undefined;

function documentData(): PageData {
  if (fromDocument) return fromDocument;
  try {
    fromDocument = JSON.parse(document.getElementById(pageDataElementId)?.textContent ?? '{}') as PageData;
  } catch {
    fromDocument = {};
  }
  return fromDocument;
}

/** The answer the server put into the page for this path, outside a component (none on the server). */
export function documentPageData<T>(path: string): T | undefined {
  return typeof document === 'undefined' ? undefined : (documentData()[path] as T | undefined);
}

/** The answer the server rendered the page with for this API path, if any. */
export function usePageData<T>(path: string): T | undefined {
  const provided = useContext(PageDataContext);
  if (provided) return provided[path] as T | undefined;
  return typeof document === 'undefined' ? undefined : (documentData()[path] as T | undefined);
}
