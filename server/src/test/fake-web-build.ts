import fs from 'node:fs';
import path from 'node:path';
import { pageKeys } from '@blitz/contract';

/**
 * The prerendered pages of a web build as the prerenderer writes them — every page in both
 * languages with the given HTML, and their manifest — so that page serving is tested without Vite.
 */
export function writeFakePages(dist: string, html: (page: string, lang: string) => string): void {
  const manifest = { files: {} as Record<string, Record<string, string>>, scriptHashes: ['sha256-abc='], styleHashes: [] };
  for (const key of pageKeys) {
    manifest.files[key] = {};
    for (const lang of ['de', 'en']) {
      const relative = `pages/${lang}/${key}.html`;
      fs.mkdirSync(path.join(dist, 'pages', lang), { recursive: true });
      fs.writeFileSync(path.join(dist, relative), html(key, lang));
      manifest.files[key][lang] = relative;
    }
  }
  fs.writeFileSync(path.join(dist, 'pages/manifest.json'), JSON.stringify(manifest));
}
