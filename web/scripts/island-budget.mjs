// Holds the public pages' JavaScript to decision 021 at build time (the islands build,
// `vite build --mode islands`, which shares no chunk with the admin application). The build fails
// when
//  - the island script imports another chunk statically: before the first interaction a public
//    page loads one file, one request (a second request on a new connection adds a round trip
//    before Lighthouse counts the page as painted), or
//  - the island script exceeds the budget (gzip), or
//  - the contact form's island, with everything it imports, contains a module outside its
//    allow-list: React, react-dom, i18next and the form's own code (an import added in the wrong
//    place could otherwise move admin code, the router or zod into what a visitor loads).
// It prints both figures with every build.
import path from 'node:path';
import zlib from 'node:zlib';

/** JavaScript before the first interaction on every public page, gzip (decision 021). */
export const beforeInteractionBudget = 10 * 1024;

/** What the contact island may load: these packages, and these folders of the web app and contract. */
export const islandPackages = ['react', 'react-dom', 'scheduler', 'i18next', 'react-i18next'];
export const islandFolders = [
  'web/src/islands/',
  'web/src/features/contact/',
  'web/src/lib/',
  'web/src/config/',
  'contract/src/',
];

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
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Measures the island entry and the contact island in the client bundle; returns the figures
 * and the problems (empty when the build keeps to decision 021).
 */
export function checkIslands(bundle, { root, islandsEntry, contactIsland }) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  const entry = chunks.find((c) => c.facadeModuleId?.endsWith(islandsEntry));
  const contact = chunks.find((c) => c.facadeModuleId?.endsWith(contactIsland));
  if (!entry || !contact) return { problems: [`island chunks not found (${islandsEntry}, ${contactIsland})`] };
  const before = staticClosure(bundle, entry.fileName);
  const onInteraction = [...staticClosure(bundle, contact.fileName)].filter((name) => !before.has(name));
  const size = (names) => [...names].reduce((total, name) => total + gzipSize(bundle[name].code), 0);
  const figures = {
    beforeInteraction: { files: [...before], gzip: size(before) },
    onInteraction: { files: onInteraction, gzip: size(onInteraction) },
  };
  const problems = [];
  if (before.size > 1) problems.push(`the public pages' script is ${before.size} files (${[...before].join(', ')}), not one`);
  if (figures.beforeInteraction.gzip > beforeInteractionBudget)
    problems.push(
      `the public pages' script (${[...before].join(', ')}) is ${kb(figures.beforeInteraction.gzip)} gzip, over the budget of ${kb(beforeInteractionBudget)}`,
    );
  // Named by package (or file of ours), once each: a stray import can bring a hundred modules.
  const strangers = [
    ...new Set(
      onInteraction.flatMap((name) =>
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
export function islandBudget({ root, islandsEntry, contactIsland }) {
  return {
    name: 'island-budget',
    apply: 'build',
    generateBundle(options, bundle) {
      if (options.dir?.endsWith('server')) return;
      const { figures, problems } = checkIslands(bundle, { root, islandsEntry, contactIsland });
      if (problems.length) this.error(`Decision 021 not kept: ${problems.join('; ')}`);
      this.info(
        `public pages: ${kb(figures.beforeInteraction.gzip)} of JavaScript (gzip, ${figures.beforeInteraction.files.length} files) before the first interaction; ` +
          `the contact form's island adds ${kb(figures.onInteraction.gzip)} (${figures.onInteraction.files.length} files)`,
      );
    },
  };
}
