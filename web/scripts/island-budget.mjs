// Holds the public pages' JavaScript to decision 021 at build time (the islands build,
// `vite build --mode islands`, which shares no chunk with the admin application). The build fails
// when
//  - the island script imports another chunk statically: before the first interaction a public
//    page loads one file, one request (a second request on a new connection adds a round trip
//    before Lighthouse counts the page as painted), or
//  - the island script exceeds the budget (gzip), or
//  - the contact form's first touch — the island's code with everything it imports, and its
//    texts — exceeds its budget (brotli, decision 032), or
//  - the contact form's island, with everything it imports — at once or later, on use (the
//    attachment overlay) — contains a module outside its allow-list: Preact and the form's own
//    code (an import added in the wrong place could otherwise move React, i18next, admin code,
//    the router or zod into what a visitor loads).
// It prints the figures with every build; what the island loads only on use is not part of the
// first touch, and is printed beside it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** JavaScript before the first interaction on every public page, gzip (decision 021). */
export const beforeInteractionBudget = 10 * 1024;

/** What touching the contact form loads: the island's code and its texts, brotli (decision 032). */
export const firstTouchBudget = 15 * 1024;

/**
 * The sign-in page's JavaScript: the public pages' script and the sign-in's chunk, brotli (issue
 * 46's goal; the page itself is the server's HTML, decision 045).
 */
export const signInBudget = 30 * 1024;

/** What the contact island may load: these packages, and these folders of the web app and contract. */
export const islandPackages = ['preact'];
export const islandFolders = ['web/src/islands/', 'web/src/features/contact/', 'web/src/lib/', 'contract/src/'];

/** The chunks a chunk needs before it runs (its static imports, transitively), itself included. */
export function staticClosure(bundle, fileName) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of bundle[name]?.imports ?? []) visit(imported);
  };
  visit(fileName);
  return seen;
}

/**
 * The chunks that the chunks `from` may load later (their dynamic imports and what those need,
 * transitively), without those in `loaded`.
 */
export function onUseClosure(bundle, from, loaded) {
  const seen = new Set();
  const visit = (name) => {
    for (const lazy of bundle[name]?.dynamicImports ?? [])
      for (const needed of staticClosure(bundle, lazy))
        if (!loaded.has(needed) && !seen.has(needed)) {
          seen.add(needed);
          visit(needed);
        }
  };
  for (const name of from) visit(name);
  return seen;
}

/** The package a module belongs to, if it comes from node_modules. */
function packageOf(moduleId) {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId);
  return match?.[1].replace(/\\/g, '/');
}

/** Whether a module may be part of the contact island (`root`: the repository). */
export function allowedInIsland(moduleId, root) {
  // Rolldown's own helpers and Vite's preload helper have ids without a file.
  if (moduleId.startsWith('\0') || !path.isAbsolute(moduleId)) return true;
  const name = packageOf(moduleId);
  if (name) return islandPackages.includes(name);
  const relative = path.relative(root, moduleId).split(path.sep).join('/');
  return islandFolders.some((folder) => relative.startsWith(folder));
}

const gzipSize = (code) => zlib.gzipSync(code, { level: 9 }).length;
// Quality 11, as the server's precompressed files (web/scripts/prerender.mjs).
const brotliSize = (code) => zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Measures the island entry and the contact island in the client bundle; returns the figures
 * and the problems (empty when the build keeps to decisions 021 and 032). `contactTexts`: the
 * island's texts in each language, as served (minified JSON); the largest one counts.
 */
export function checkIslands(bundle, { root, islandsEntry, contactIsland, signInIsland, contactTexts = [] }) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((c) => c.facadeModuleId?.endsWith(islandsEntry));
  const contact = chunks.find((c) => c.facadeModuleId?.endsWith(contactIsland));
  const signIn = signInIsland && chunks.find((c) => c.facadeModuleId?.endsWith(signInIsland));
  if (!entry || !contact || (signInIsland && !signIn))
    return { problems: [`island chunks not found (${[islandsEntry, contactIsland, signInIsland].filter(Boolean).join(', ')})`] };
  const before = staticClosure(bundle, entry.fileName);
  const onInteraction = [...staticClosure(bundle, contact.fileName)].filter((name) => !before.has(name));
  const onUse = [...onUseClosure(bundle, onInteraction, new Set([...before, ...onInteraction]))];
  const size = (names) => [...names].reduce((total, name) => total + gzipSize(bundle[name].code), 0);
  const brotli = (names) => [...names].reduce((total, name) => total + brotliSize(bundle[name].code), 0);
  const texts = Math.max(0, ...contactTexts.map(brotliSize));
  const figures = {
    beforeInteraction: { files: [...before], gzip: size(before) },
    onInteraction: { files: onInteraction, gzip: size(onInteraction), brotli: brotli(onInteraction) },
    firstTouch: { brotli: brotli(onInteraction) + texts, textsBrotli: texts },
    onUse: { files: onUse, brotli: brotli(onUse) },
  };
  if (signIn) {
    const files = new Set([...before, ...staticClosure(bundle, signIn.fileName)]);
    figures.signIn = { files: [...files], brotli: brotli(files) };
  }
  const problems = [];
  if (before.size > 1) problems.push(`the public pages' script is ${before.size} files (${[...before].join(', ')}), not one`);
  if (figures.beforeInteraction.gzip > beforeInteractionBudget)
    problems.push(
      `the public pages' script (${[...before].join(', ')}) is ${kb(figures.beforeInteraction.gzip)} gzip, over the budget of ${kb(beforeInteractionBudget)}`,
    );
  if (figures.firstTouch.brotli > firstTouchBudget)
    problems.push(
      `the contact form's first touch (${onInteraction.join(', ')} and its texts) is ${kb(figures.firstTouch.brotli)} brotli, over the budget of ${kb(firstTouchBudget)}`,
    );
  // Named by package (or file of ours), once each: a stray import can bring a hundred modules.
  if (figures.signIn && figures.signIn.brotli > signInBudget)
    problems.push(
      `the sign-in page's script (${figures.signIn.files.join(', ')}) is ${kb(figures.signIn.brotli)} brotli, over the budget of ${kb(signInBudget)}`,
    );
  const strangers = [
    ...new Set(
      [...onInteraction, ...onUse].flatMap((name) =>
        bundle[name].moduleIds
          .filter((id) => !allowedInIsland(id, root))
          .map((id) => `${packageOf(id) ?? path.relative(root, id).split(path.sep).join('/')} (in ${name})`),
      ),
    ),
  ];
  if (strangers.length)
    problems.push(
      `the contact island would load modules outside its allow-list (web/scripts/island-budget.mjs):\n  ${strangers.join('\n  ')}`,
    );
  return { figures, problems };
}

/** The Vite plugin: checks the client build (not the server's) and reports the figures. */
export function islandBudget({ root, islandsEntry, contactIsland, signInIsland, contactTexts = [] }) {
  return {
    name: 'island-budget',
    apply: 'build',
    generateBundle(options, bundle) {
      if (options.dir?.endsWith('server')) return;
      // Minified as the build emits them (vite.config.ts, translations()).
      const texts = contactTexts.map((file) => JSON.stringify(JSON.parse(fs.readFileSync(file, 'utf8'))));
      const { figures, problems } = checkIslands(bundle, {
        root,
        islandsEntry,
        contactIsland,
        signInIsland,
        contactTexts: texts,
      });
      if (problems.length) this.error(`Decisions 021 and 032 not kept: ${problems.join('; ')}`);
      this.info(
        `public pages: ${kb(figures.beforeInteraction.gzip)} of JavaScript (gzip, ${figures.beforeInteraction.files.length} files) before the first interaction; ` +
          `the contact form's island adds ${kb(figures.onInteraction.gzip)} gzip (${figures.onInteraction.files.length} files); ` +
          `its first touch loads ${kb(figures.firstTouch.brotli)} brotli, texts included (budget ${kb(firstTouchBudget)})` +
          (figures.onUse.files.length
            ? `, and ${kb(figures.onUse.brotli)} brotli more on use (${figures.onUse.files.length} files)`
            : '') +
          (figures.signIn ? `; the sign-in page's script ${kb(figures.signIn.brotli)} brotli (budget ${kb(signInBudget)})` : ''),
      );
    },
  };
}
