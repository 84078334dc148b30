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
  type SiteLanguage,
  contactFormStateKey,
  pageDataElementId,
  serializePageData,
  escapeHtml,
  type RenderPage,
} from '@blitz/contract';

type RenderBundle = { render: RenderPage; buildOrigin?: string };

const rootStart = '<div id="root">';

/**
 * Puts freshly rendered markup into a prerendered page: the page's head, inline styles and
 * scripts stay as built (so its Content-Security-Policy hashes still hold); only the content
 * of the root element is replaced, and the data it was rendered with is added for hydration.
 * Undefined if the page does not have the expected shape.
 */
export function fillDocument(document: string, html: string, data: PageData): string | undefined {
  const start = document.indexOf(rootStart);
  const bodyEnd = document.lastIndexOf('</body>');
  const end = document.lastIndexOf('</div>', bodyEnd);
  if (start < 0 || bodyEnd < 0 || end < start) return undefined;
  // JSON in a script element of a non-script type: never executed, so no CSP hash is needed.
  const json = `<script type="application/json" id="${pageDataElementId}">${serializePageData(data)}</script>`;
  return `${document.slice(0, start + rootStart.length)}${html}${document.slice(end, bodyEnd)}${json}\n  ${document.slice(bodyEnd)}`;
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
 * The document with the head rendered with the page's content in place of the built one: its
 * title, description and link preview tags, its structured data. The language script stays as
 * built (its CSP hash); the head's addresses get the site's origin.
 */
function withRenderedHead(document: string, head: string, origin: { from: string; to: string }): string {
  const tags = head
    .split(/\n\s*/)
    .filter((tag) => tag && !tag.startsWith('<script>'))
    .map((tag) => withSiteOrigin(`${tag}</head>`, origin.from, origin.to).slice(0, -'</head>'.length));
  return replaceHead(document, tags, { all: true });
}

/**
 * Renders pages per request with the web app's server bundle (built beside the client, in
 * web/dist/server), for the pages whose content comes from the database: the gallery and a
 * project. If the bundle is missing or rendering fails, the caller serves the prerendered page
 * and the browser loads the data itself.
 */
export function createPageRenderer(webDist: string, log: FastifyBaseLogger, cacheSize = 200): PageRenderer {
  const bundle = path.resolve(webDist, '../server/entry-server.js');
  let loading: Promise<RenderBundle | undefined> | undefined;
  // Rendering a page takes far longer than reading its data. The result is kept under the hash
  // of everything it is made from (page, address, language, the data itself): an edit changes
  // the data, so a kept page can never be out of date, and several instances need no shared cache.
  const rendered = new LRUCache<string, string>({ max: cacheSize });
  const load = () =>
    (loading ??= fs.existsSync(bundle)
      ? import(pathToFileURL(bundle).href).then(
          (module: RenderBundle) => module,
          (error: unknown) => {
            log.error({ err: error }, 'cannot load the web app’s server bundle; pages are served as prerendered');
            return undefined;
          },
        )
      : Promise.resolve(undefined));

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
        const { html, head } = await bundle.render(page, url, lang, data, content?.render);
        let filled = fillDocument(document, html, data);
        // Made with changed texts or details: the head too (the shipped one was built with the
        // defaults), its addresses on the public origin of this content.
        if (filled !== undefined && content && !content.asBuilt) {
          filled = withRenderedHead(filled, head, { from: bundle.buildOrigin ?? content.origin, to: content.origin });
        }
        // A page made for one answer (a visitor's form with what they typed) or a preview is never kept.
        if (filled !== undefined && !(contactFormStateKey in data) && !content?.preview) {
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

/** A locale file's tree, as pages render with it. */
export type Texts = Record<string, unknown>;

/** The text at a path of a locale file's tree (`meta.jobDetail.titleWithJob`), if it is one. */
export function textAt(texts: Texts, key: string): string | undefined {
  const value = key.split('.').reduce<unknown>((node, name) => (node as Texts | undefined)?.[name], texts);
  return typeof value === 'string' ? value : undefined;
}

/** Head elements a page's own head replaces: title, description, robots, canonical, alternates, Open Graph. */
const replaceableHead = [
  /<title>[\s\S]*?<\/title>\s*/g,
  /<meta name="(?:description|robots)"[^>]*>\s*/g,
  /<link rel="(?:canonical|alternate)"[^>]*>\s*/g,
  /<meta property="og:(?:title|description|type|url)"[^>]*>\s*/g,
];
/** And what a head rendered anew replaces besides: the site's name, the locale, the card, structured data. */
const renderedHead = [
  /<meta property="og:(?:site_name|locale)"[^>]*>\s*/g,
  /<meta name="twitter:card"[^>]*>\s*/g,
  /<script type="application\/ld\+json">[\s\S]*?<\/script>\s*/g,
];
/** The link preview's picture: the site's default one stays unless the page's head brings its own. */
const previewImage = /<meta property="og:image[:a-z_]*"[^>]*>\s*/g;
/** The build's icons (index.html): they stay unless the head brings those drawn from an uploaded logo (decision 028). */
const iconLinks = /<link rel="(?:icon|apple-touch-icon)"[^>]*>\s*/g;

/**
 * The head of a page made from one piece of content (a project, a job): its title and
 * description, its address in each language, and its link preview (the tags `replaceHead` swaps).
 */
export function ownPageHead(page: {
  title: string;
  description: string;
  address: (lang: SiteLanguage) => string;
  lang: SiteLanguage;
  ogType: 'article' | 'website';
  ogTitle: string;
}): string[] {
  const { address, lang } = page;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${address(lang)}" />`,
    `<link rel="alternate" hreflang="de" href="${address('de')}" />`,
    `<link rel="alternate" hreflang="en" href="${address('en')}" />`,
    `<link rel="alternate" hreflang="x-default" href="${address('de')}" />`,
    `<meta property="og:type" content="${page.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(page.ogTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${address(lang)}" />`,
  ];
}

/**
 * The document with its title, description, addresses and link-preview tags replaced by `tags`;
 * with `all`, every tag of the app's head (a head rendered anew).
 */
export function replaceHead(document: string, tags: string[], options: { all?: boolean } = {}): string {
  const headEnd = document.indexOf('</head>');
  if (headEnd < 0) return document;
  let head = document.slice(0, headEnd);
  const patterns = [
    ...replaceableHead,
    ...(options.all ? renderedHead : []),
    ...(options.all || tags.some((tag) => tag.startsWith('<meta property="og:image"')) ? [previewImage] : []),
    ...(tags.some((tag) => tag.startsWith('<link rel="icon"')) ? [iconLinks] : []),
  ];
  for (const pattern of patterns) head = head.replace(pattern, '');
  return `${head}${tags.join('\n    ')}\n  ${document.slice(headEnd)}`;
}
