// Writes the HTML of every page in every language into dist/client/pages, with a manifest
// the server reads (file per page and language, CSP hashes of the inline code), and
// pre-compresses everything the server sends as a file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { criticalCss } from './critical-css.mjs';

const dist = path.resolve(import.meta.dirname, '../dist');
const clientDir = path.join(dist, 'client');
const { render, buildOrigin, languageRedirectScript, pages, siteLanguages, translationsMetaName } = await import(
  path.join(dist, 'server/entry-server.js')
);

const sha256 = (text) => `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`;

// Each page carries inline the CSS its own HTML needs (critical-css.mjs), so that the first paint
// needs the HTML alone, one round trip; the full stylesheet (assets/styles-*.css) is added by the
// client without blocking the paint. A stylesheet linked from the template (a CSS import in the
// entry) would block rendering: it is inlined whole.
const assetsDir = path.join(clientDir, 'assets');
const stylesheetFile = fs.readdirSync(assetsDir).find((name) => /^styles-[\w-]+\.css$/.test(name));
const stylesheet = stylesheetFile ? fs.readFileSync(path.join(assetsDir, stylesheetFile), 'utf8') : '';
const inlinedStyles = [];
const template = fs
  .readFileSync(path.join(clientDir, 'index.html'), 'utf8')
  .replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (_, href) => {
    const css = fs.readFileSync(path.join(clientDir, href), 'utf8').trim();
    inlinedStyles.push(css);
    return `<style>${css}</style>`;
  });

// The app starts after the first paint: its modules and the page's translation files are
// requested, and the modules run, only once the prerendered page is on screen, so the first paint never waits for them, neither for their
// download on a slow network (they would share the bandwidth with the page) nor for their
// evaluation on a fast one. Background tabs, which get no animation frames, start after 300 ms.
const bootstraps = [];
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const preloads = [...template.matchAll(modulePreload)].map((m) => m[1]);
const templateWithBootstrap = template
  .replace(modulePreload, '')
  .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src) => {
    const code =
      `(function(){var d=0;function go(){if(d)return;d=1;var h=document.head;` +
      `${JSON.stringify(preloads)}.forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;h.appendChild(l)});` +
      `var m=document.querySelector('meta[name="${translationsMetaName}"]');if(m)m.content.split(' ').forEach(function(u){var l=document.createElement('link');l.rel='preload';l.as='fetch';l.crossOrigin='anonymous';l.href=u;h.appendChild(l)});` +
      `var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(src)};h.appendChild(s)}` +
      `requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,300)})()`;
    bootstraps.push(code);
    return `<script>${code}</script>`;
  });

function compress(file) {
  const raw = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
}

const manifest = {
  files: {},
  scriptHashes: [sha256(languageRedirectScript), ...bootstraps.map(sha256)],
  styleHashes: inlinedStyles.map(sha256),
  pageStyleHashes: {},
  origin: buildOrigin,
};
for (const [key, page] of Object.entries(pages)) {
  manifest.files[key] = {};
  for (const lang of siteLanguages) {
    const url = page.path.replace(':id', '0');
    const { html, head } = await render(key, url, lang);
    // A page rendered in the browser (no prerendered HTML) has no first paint to wait for.
    let document = (page.prerender ? templateWithBootstrap : template)
      .replace('<html lang="de">', `<html lang="${lang}">`)
      .replace('<!--app-head-->', () => head)
      .replace('<!--app-html-->', () => html);
    const relative = `pages/${lang}/${key}.html`;
    if (stylesheet) {
      const css = criticalCss(stylesheet, document);
      document = document.replace('</head>', () => `  <style>${css}</style>\n  </head>`);
      manifest.pageStyleHashes[relative] = [...manifest.styleHashes, sha256(css)];
    }
    fs.mkdirSync(path.join(clientDir, 'pages', lang), { recursive: true });
    fs.writeFileSync(path.join(clientDir, relative), document);
    compress(path.join(clientDir, relative));
    manifest.files[key][lang] = relative;
  }
}
fs.writeFileSync(path.join(clientDir, 'pages/manifest.json'), JSON.stringify(manifest, null, 2));
fs.rmSync(path.join(clientDir, 'index.html'));

for (const entry of fs.readdirSync(path.join(clientDir, 'assets'), { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (entry.isFile() && /\.(js|css|json|svg|txt|xml)$/.test(entry.name)) compress(file);
}
console.log(`prerendered ${Object.keys(pages).length} pages in ${siteLanguages.length} languages`);
