import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { withSiteOrigin } from './site-origin';
import type { PageContent } from './page-content';
import {
  type PageData,
  type PageKey,
  type PageManifest,
  company,
  type SiteLanguage,
  contactFormStateKey,
  dashboardFirstViewKey,
  pageDataElementId,
  pages,
  serializePageData,
  type RenderPage,
} from '@blitz/contract';

type RenderBundle = { render: RenderPage };

const rootStart = '<div id="root">';

/**
 * Puts freshly rendered markup into a prerendered page: the page's head, inline styles and
 * scripts stay as built (so its Content-Security-Policy hashes still hold); only the content
 * of the root element is replaced, and `data`, if given, is added for the browser app.
 * Undefined if the page does not have the expected shape.
 */
export function fillDocument(document: string, html: string, data?: PageData): string | undefined {
  const start = document.indexOf(rootStart);
  const bodyEnd = document.lastIndexOf('</body>');
  const end = document.lastIndexOf('</div>', bodyEnd);
  if (start < 0 || bodyEnd < 0 || end < start) return undefined;
  // JSON in a script element of a non-script type: never executed, so no CSP hash is needed.
  const json = data ? `<script type="application/json" id="${pageDataElementId}">${serializePageData(data)}</script>\n  ` : '';
  return `${document.slice(0, start + rootStart.length)}${html}${document.slice(end, bodyEnd)}${json}${document.slice(bodyEnd)}`;
}

export type PageRenderer = {
  /**
   * The page rendered with `data` and `content` (the texts and company details; the shipped ones
   * if not given) into its prerendered `document`; undefined if that cannot be done.
   */
  render(
    document: string,
    page: PageKey,
    url: string,
    lang: SiteLanguage,
    data: PageData,
    content?: PageContent,
  ): Promise<string | undefined>;
};

/**
 * The document with `head` (the head the web app rendered for this request) in place of `built`,
 * the head the build rendered into it: the tags around it — the template's, the inline styles
 * whose CSP hashes the page is sent with — stay as they are. Undefined if the built head is not
 * in the document's head.
 */
export function withHead(document: string, built: string, head: string): string | undefined {
  const at = document.indexOf(built);
  if (at < 0 || at + built.length > document.indexOf('</head>')) return undefined;
  return `${document.slice(0, at)}${head}${document.slice(at + built.length)}`;
}

/**
 * Renders pages per request with the web app's server bundle (built beside the client, in
 * web/dist/server), for the pages whose content comes from the database (the gallery, a project,
 * the jobs, a job) or from the texts and details staff changed: the page's markup and its head,
 * both from the bundle's `render`, which writes the head's addresses with the site's origin. If
 * the bundle is missing or rendering fails, the caller serves the prerendered page.
 */
export function createPageRenderer(
  webDist: string,
  asBuiltOrigin: string,
  log: FastifyBaseLogger,
  cacheSize = 200,
): PageRenderer {
  const bundle = path.resolve(webDist, '../server/entry-server.js');
  let loading: Promise<(RenderBundle & { manifest: PageManifest | undefined }) | undefined> | undefined;
  // Rendering a page takes far longer than reading its data. The result is kept under the hash
  // of everything it is made from (page, address, language, the data itself): an edit changes
  // the data, so a kept page can never be out of date, and several instances need no shared cache.
  const rendered = new LRUCache<string, string>({ max: cacheSize });
  const manifestFile = path.join(webDist, 'pages', 'manifest.json');
  const load = () =>
    (loading ??= fs.existsSync(bundle)
      ? Promise.all([
          import(pathToFileURL(bundle).href) as Promise<RenderBundle>,
          // Without the manifest's heads (a build from before them) the built heads stay.
          fs.promises
            .readFile(manifestFile, 'utf8')
            .then((text) => JSON.parse(text) as PageManifest)
            .catch(() => undefined),
        ]).then(
          ([module, manifest]) => ({ render: module.render, manifest }),
          (error: unknown) => {
            log.error({ err: error }, 'cannot load the web app’s server bundle; pages are served as prerendered');
            return undefined;
          },
        )
      : Promise.resolve(undefined));
  /** The head the build rendered into a page, with the origin PageFiles gives a page served as built (SITE_URL, else the shipped one). */
  const builtHead = (manifest: PageManifest | undefined, page: PageKey, lang: SiteLanguage) => {
    const head = manifest?.heads?.[manifest.files[page]?.[lang] ?? ''];
    if (!manifest || head === undefined) return undefined;
    const from = manifest.origin ?? new URL(company.website).origin;
    return withSiteOrigin(`${head}</head>`, from, asBuiltOrigin).slice(0, -'</head>'.length);
  };

  return {
    async render(document, page, url, lang, data, content) {
      const bundle = await load();
      if (!bundle) return undefined;
      const json = serializePageData(data);
      const key = crypto
        .createHash('sha256')
        .update(`${page}\n${url}\n${lang}\n${content?.key ?? ''}\n${content?.origin ?? ''}\n${json}\n`)
        .update(document)
        .digest('base64');
      const kept = rendered.get(key);
      if (kept !== undefined) return kept;
      try {
        // The head's addresses on the public origin of this content (SITE_URL, else the saved website).
        const { html, head } = await bundle.render(page, url, lang, data, content?.render, content?.origin ?? asBuiltOrigin);
        // Only the staff pages run the browser app that reads the data; a visitor's page is
        // complete HTML whose islands carry their own props (decision 032), so its data would
        // be bytes sent for nothing (about 4 KB of a long page's first response).
        let filled = fillDocument(document, html, pages[page].staff ? data : undefined);
        // The head too: the page's own (a project's, a job's, a gallery view's) and made with the
        // texts and details of now. A build that names no head (from before) keeps the built one.
        const built = builtHead(bundle.manifest, page, lang);
        if (filled !== undefined && built !== undefined) filled = withHead(filled, built, head);
        if (filled === undefined) log.warn({ page, url }, 'the rendered page does not fit its prerendered document');
        // A page made for one answer (a visitor's form with what they typed, a staff member's
        // inbox) or a preview is never kept.
        if (filled !== undefined && !(contactFormStateKey in data) && !(dashboardFirstViewKey in data) && !content?.preview) {
          rendered.set(key, filled);
        }
        return filled;
      } catch (error) {
        log.error({ err: error, page, url }, 'rendering a page failed; serving it as prerendered');
        return undefined;
      }
    },
  };
}
