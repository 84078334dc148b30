import fs from 'node:fs';
import path from 'node:path';
import { pageKeys } from '@blitz/contract';

/**
 * The prerendered pages of a web build as the prerenderer writes them — every page in both
 * languages with the given HTML, and their manifest (whose heads say that everything in a page's
 * <head> is what the app rendered) — so that page serving is tested without Vite.
 */
export function writeFakePages(dist: string, html: (page: string, lang: string) => string): void {
  const manifest = {
    files: {} as Record<string, Record<string, string>>,
    scriptHashes: ['sha256-abc='],
    styleHashes: [],
    heads: {} as Record<string, string>,
  };
  for (const key of pageKeys) {
    manifest.files[key] = {};
    for (const lang of ['de', 'en']) {
      const relative = `pages/${lang}/${key}.html`;
      fs.mkdirSync(path.join(dist, 'pages', lang), { recursive: true });
      const page = html(key, lang);
      fs.writeFileSync(path.join(dist, relative), page);
      manifest.files[key][lang] = relative;
      // The app's head: here the whole of the page's head.
      const head = /<head>([\s\S]*)<\/head>/.exec(page)?.[1];
      if (head) manifest.heads[relative] = head;
    }
  }
  fs.writeFileSync(path.join(dist, 'pages/manifest.json'), JSON.stringify(manifest));
}

/**
 * A web build with a server bundle beside it (`server/entry-server.js`, as Vite builds it), so
 * that pages are rendered per request as in production, without Vite. `render` is the body of
 * the bundle's `render(page, url, lang, data, content, origin)` function, returning `{ html, head }`. Answers the
 * client folder (`dist`) to start the server with (WEB_DIST).
 */
export function writeFakeWebBuild(root: string, html: (page: string, lang: string) => string, render: string): string {
  const dist = path.join(root, 'dist');
  writeFakePages(dist, html);
  fs.mkdirSync(path.join(root, 'server'));
  fs.writeFileSync(path.join(root, 'server/package.json'), '{"type":"module"}');
  fs.writeFileSync(
    path.join(root, 'server/entry-server.js'),
    `export async function render(page, url, lang, data, content, origin) {\n${render}\n}`,
  );
  return dist;
}
