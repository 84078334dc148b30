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
const {
  render,
  buildOrigin,
  cssSampleAddress,
  cssSampleContent,
  cssSampleData,
  languageRedirectScript,
  namespacesFor,
  pages,
  siteLanguages,
  translationPath,
} = await import(path.join(dist, 'server/entry-server.js'));

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

// Public pages are complete HTML; their one script is the island runtime (src/islands/main.ts, a
// few KB, built on its own: vite.config.ts): a module script, so it never holds up the first
// paint, and one file, so one request (scripts/island-budget.mjs fails the build otherwise). The
// admin pages (not prerendered) keep the template's application entry.
const islandsManifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/islands-manifest.json'), 'utf8'));
const islandsEntry = islandsManifest['src/islands/main.ts'];
if (!islandsEntry) throw new Error('the build has no island script (src/islands/main.ts)');
const publicTemplate = template
  .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
  .replace(/<script type="module" crossorigin src="[^"]+"><\/script>/, () => '')
  .replace('</body>', () => `  <script type="module" src="/${islandsEntry.file}"></script>\n  </body>`)
  // The web app manifest is linked by the island script after the load (islands/manifest-link.ts).
  .replace(/<link rel="manifest"[^>]*>/, (link) => `<noscript>${link}</noscript>`)
  // No paint before <main> is parsed, i.e. before the navbar is whole: painted half-parsed, its
  // right-hand group held the language menu alone and moved left when the phone menu's toggle
  // arrived (a layout shift Lighthouse saw now and then). Browsers without `rel=expect` ignore it.
  .replace('<!--app-head-->', () => '<link rel="expect" href="#main" blocking="render" />\n    <!--app-head-->')
  // Without JavaScript the full stylesheet is never added: a page the server renders differently
  // from its prerendered HTML (a gallery view, a form sent back with its notices) needs it then.
  .replace('</head>', () =>
    stylesheetFile ? `  <noscript><link rel="stylesheet" href="/assets/${stylesheetFile}" /></noscript>\n  </head>` : '</head>',
  );
if (
  publicTemplate.includes('entry-client') ||
  !publicTemplate.includes(islandsEntry.file) ||
  !/<noscript><link rel="manifest"/.test(publicTemplate) ||
  !publicTemplate.includes('<link rel="expect"')
) {
  throw new Error('could not replace the application entry or the manifest link, or add the expect link, in the public template');
}

// A staff page (login, dashboard) renders in the browser: its route's code, the dashboard's
// landing tab (the inbox) and its texts are asked for from the HTML, in parallel with the entry,
// instead of one after another as each import is reached (issue 46).
const adminEntry = /<script type="module" crossorigin src="\/([^"]+)"><\/script>/.exec(template)?.[1];
if (!adminEntry) throw new Error('the template names no application entry');
const appManifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
// The first view's modules are three chunks (vite.config.ts): the entry's, which the template
// preloads already, the application's frame, which the entry imports, and the dashboard page's
// with the inbox, which the frame imports. None has a module's name in the manifest, only its own.
const groupChunk = (name) => Object.keys(appManifest).find((key) => new RegExp(`^_${name}-[\\w-]+\\.js$`).test(key));
const staffModules = {
  dashboard: [groupChunk('first-view-application'), groupChunk('first-view-dashboard')],
};
function staticImports(source, into = new Set()) {
  const chunk = appManifest[source];
  if (!chunk) throw new Error(`the application build has no chunk for ${source}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticImports(imported, into);
  return into;
}
// The dashboard's early API calls (src/lib/early-requests.ts): its script runs as soon as it has
// arrived (async), before the application's, whose calls then take its answers.
const earlyScripts = { dashboard: 'src/lib/early-requests.ts' };
function earlyScript(key) {
  if (!earlyScripts[key]) return undefined;
  const early = appManifest[earlyScripts[key]];
  if (!early || early.imports?.length) throw new Error(`${earlyScripts[key]} must be built as one file that imports nothing`);
  return `<script type="module" async crossorigin src="/${early.file}"></script>`;
}
function staffPreloads(key, lang, document) {
  const files = new Set((staffModules[key] ?? []).flatMap((source) => [...staticImports(source)]));
  const links = [...files]
    .filter((file) => !document.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  // The full stylesheet, which the application waits for before its first render
  // (lib/ssr/stylesheet.ts): asked for with the scripts, not once they have run (issue 46).
  if (key === 'dashboard' && stylesheetFile) links.unshift(`<link rel="preload" as="style" href="/assets/${stylesheetFile}">`);
  for (const namespace of namespacesFor(key)) {
    links.push(`<link rel="preload" as="fetch" crossorigin href="${translationPath(lang, namespace)}">`);
  }
  return links.join('\n    ');
}

function compress(file) {
  const raw = fs.readFileSync(file);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
}

const manifest = {
  files: {},
  scriptHashes: [sha256(languageRedirectScript)],
  styleHashes: inlinedStyles.map(sha256),
  pageStyleHashes: {},
  // The head each page was written with, which the server swaps for the head it renders per request.
  heads: {},
  origin: buildOrigin,
};
for (const [key, page] of Object.entries(pages)) {
  manifest.files[key] = {};
  for (const lang of siteLanguages) {
    const url = page.path.replace(':id', '0').replace('/:address', cssSampleAddress);
    const { html, head } = await render(key, url, lang);
    let document = (page.prerender ? publicTemplate : template)
      .replace('<html lang="de">', `<html lang="${lang}">`)
      .replace('<!--app-head-->', () => head)
      .replace('<!--app-html-->', () => html);
    if (!page.prerender) {
      document = document.replace('</head>', () => `  ${staffPreloads(key, lang, document)}\n  </head>`);
      // Before every other script: it has nothing to wait for.
      const early = earlyScript(key);
      if (early) document = document.replace('<meta charset="utf-8" />', (charset) => `${charset}\n    ${early}`);
    }
    // The sign-in page's script starts the dashboard's application for an invitation link (islands/sign-in.ts).
    else if (page.staff)
      document = document.replace('</head>', () => `  <meta name="admin-app" content="/${adminEntry}" />\n  </head>`);
    const relative = `pages/${lang}/${key}.html`;
    manifest.heads[relative] = head;
    if (stylesheet) {
      // What the server renders into the page per request (the home page's featured projects,
      // the fields and buttons of inquiry types staff added) is styled from the first paint too.
      const sample = cssSampleData(key, lang);
      const shaped = page.staff ? '' : (await render(key, url, lang, sample, cssSampleContent())).html;
      const rendered = `${document}${sample ? (await render(key, url, lang, sample)).html : ''}${shaped}`;
      const css = criticalCss(stylesheet, rendered);
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

// The pictures only the server's rendering uses (the public pages' illustrations, the map's
// placeholder): the server build wrote them (vite.config.ts, ssrEmitAssets) under the same
// content-hashed names its HTML names; every asset a page names must then be there.
const serverAssets = path.join(dist, 'server/assets');
for (const name of fs.existsSync(serverAssets) ? fs.readdirSync(serverAssets) : []) {
  if (/\.(js|map)$/.test(name) || fs.existsSync(path.join(assetsDir, name))) continue;
  fs.copyFileSync(path.join(serverAssets, name), path.join(assetsDir, name));
}
const named = new Set(
  Object.values(manifest.files)
    .flatMap((byLanguage) => Object.values(byLanguage))
    .flatMap((relative) =>
      // The first address of each attribute (src, href, srcset, content), not the pages' text.
      [...fs.readFileSync(path.join(clientDir, relative), 'utf8').matchAll(/="(\/assets\/[\w./-]+)/g)].map((match) => match[1]),
    ),
);
const missing = [...named].filter((asset) => !fs.existsSync(path.join(clientDir, asset)));
if (missing.length) throw new Error(`pages name assets the build does not hold: ${missing.join(', ')}`);

for (const entry of fs.readdirSync(path.join(clientDir, 'assets'), { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (entry.isFile() && /\.(js|css|json|svg|txt|xml)$/.test(entry.name)) compress(file);
}
console.log(`prerendered ${Object.keys(pages).length} pages in ${siteLanguages.length} languages`);
