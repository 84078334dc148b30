import { matchPath } from 'react-router';
import { type PageKey, pageKeys, pages } from '@blitz/contract';

/** The page of a path, matched like the router does (case-insensitive); undefined = unknown path. */
export function matchPage(pathname: string): PageKey | undefined {
  return pageKeys.find((key) => matchPath({ path: pages[key].path, caseSensitive: false, end: true }, pathname));
}
