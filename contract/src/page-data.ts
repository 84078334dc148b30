/**
 * API answers a server-rendered page was made with, handed to the browser inside the page, so
 * that hydration shows exactly what the server showed without asking the API again.
 */
export type PageData = Record<string, unknown>;

/** The id of the `<script type="application/json">` element that carries the data. */
export const pageDataElementId = 'page-data';

/** The data as the content of that element: nothing in it can close the element. */
export function serializePageData(data: PageData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
