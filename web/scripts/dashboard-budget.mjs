// Holds the dashboard's JavaScript to issue 46's budgets at build time (the application build,
// `vite build`: the admin single-page app of /dashboard; the sign-in page is the server's HTML
// with the islands build's script, held by island-budget.mjs). The build fails when
//  - the dashboard's first view (the entry, the dashboard page and the tab it lands on: the
//    inbox),
//  - what the inbox fetches once its list shows, while the browser is idle (an inquiry's
//    dialog, and beside it the libraries every tab shares: zod, react-hook-form), or
//  - any tab's first opening (its chunks that neither has loaded yet)
// exceeds its budget, brotli as the server sends it, or when a tab that is to show its first view
// without building a schema (decision 072) would build one at its first opening. A tab opened
// before the idle fetch is done loads the shared chunks itself: that figure is printed too
// (`before idle`). It prints the figures with every build, and for the first view the packages
// that weigh most, so that an increase shows where it comes from.
import path from 'node:path';
import zlib from 'node:zlib';
import { staticClosure } from './island-budget.mjs';

/**
 * Brotli budgets of the dashboard (decision 045): what the build may not exceed. The tab's is
 * issue 46's goal; the first view's holds what was reached plus a little (issue 46 asks 90 KB;
 * it is 90.1 since the admin runtime's router), so that nothing adds to it unseen. The idle
 * fetch's too: 41.2 KB since it carries the libraries every tab shares rather than the contract's
 * schemas (decision 069), which took the largest tab from 40.2 to 27.6 KB.
 */
export const dashboardBudgets = {
  firstView: 68 * 1024,
  afterList: 44 * 1024,
  tab: 40 * 1024,
};

/**
 * The tabs that show their first view without building a zod schema (decision 072): the
 * contract's schemas, built at their first opening, took 40–130 ms at 4× of the 300 ms a tab may
 * take. None of the chunks their first opening adds may hold a module of ours that imports zod.
 */
export const schemaFreeTabs = ['categories-panel', 'projects-section', 'company-panel'];

/** The modules of the staff pages, as the application build names them (facade modules; the entry is index.html's script). */
export const staffModules = {
  dashboard: 'src/app/routes/admin/dashboard-page.tsx',
  landingTab: 'src/features/inbox/components/inbox-panel.tsx',
  /** The dashboard's early API calls, a script of its own in its HTML (prerender.mjs). */
  early: 'src/lib/early-requests.ts',
  /** Fetched by the inbox when the browser is idle after its list shows (inbox-panel.tsx). */
  afterList: 'src/features/inbox/components/inquiry-detail.tsx',
  /** Fetched beside it: the libraries the tabs share, zod and react-hook-form (decision 069). */
  tabLibraries: 'src/lib/tab-libraries.ts',
};

// Quality 11, as the server's precompressed files (web/scripts/prerender.mjs).
const brotliSize = (code) => zlib.brotliCompressSync(code, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** The package a module belongs to, or the folder of ours it is in. */
function ownerOf(moduleId, root) {
  const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(moduleId);
  if (match) return match[1].replace(/\\/g, '/');
  if (!path.isAbsolute(moduleId)) return '(bundler)';
  const relative = path.relative(root, moduleId).split(path.sep).join('/');
  return relative
    .split('/')
    .slice(0, relative.startsWith('web/src/features/') ? 4 : 3)
    .join('/');
}

/**
 * Measures the staff pages in the application's client bundle: the figures and the problems
 * (empty when every budget holds). `tabs`: the dashboard's lazily loaded areas, by facade module.
 * `schemaFree`: the tabs to show their list without building a schema; `buildsSchemas(moduleId)`:
 * whether a module builds zod schemas when evaluated (it imports zod).
 */
export function checkDashboard(
  bundle,
  { root, budgets = dashboardBudgets, schemaFree = schemaFreeTabs, buildsSchemas = () => false },
) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
  // The application's entry is index.html's script (the early calls' script is an entry too).
  const entry = chunks.find((c) => c.isEntry && (c.facadeModuleId ?? '').endsWith('index.html')) ?? chunks.find((c) => c.isEntry);
  // A module's own chunk, or the chunk it was grouped into (the first view's: vite.config.ts).
  const holds = (chunk, source) =>
    [chunk.facadeModuleId ?? '', ...Object.keys(chunk.modules)].some((id) => id.split(path.sep).join('/').endsWith(source));
  const chunkOf = (source) =>
    source === 'entry'
      ? entry
      : (chunks.find((c) => c.facadeModuleId?.split(path.sep).join('/').endsWith(source)) ??
        chunks.find((c) => holds(c, source)));
  const missing = [staffModules.dashboard, staffModules.landingTab, staffModules.afterList, staffModules.tabLibraries].filter(
    (source) => !chunkOf(source),
  );
  if (!entry || missing.length) return { figures: {}, problems: [`staff chunks not found: ${['entry', ...missing].join(', ')}`] };
  const sizes = new Map();
  const size = (names) =>
    [...names].reduce((total, name) => {
      if (!sizes.has(name)) sizes.set(name, brotliSize(bundle[name].code));
      return total + sizes.get(name);
    }, 0);
  // The tabs' libraries import zod to share it, and build nothing with it.
  const isLibraries = (id) => id.split(path.sep).join('/').endsWith(staffModules.tabLibraries);
  const closure = (...sources) => new Set(sources.flatMap((source) => [...staticClosure(bundle, chunkOf(source).fileName)]));

  const firstView = closure(
    'entry',
    staffModules.dashboard,
    staffModules.landingTab,
    ...(chunkOf(staffModules.early) ? [staffModules.early] : []),
  );
  const afterList = new Set(
    [...closure(staffModules.afterList, staffModules.tabLibraries)].filter((name) => !firstView.has(name)),
  );
  // Every other chunk the dashboard page imports lazily is a tab (or the second factor's set-up,
  // the password dialog, the site-address notice loaded when idle).
  const dashboardChunk = chunkOf(staffModules.dashboard);
  const tabs = (dashboardChunk.dynamicImports ?? [])
    .map((name) => bundle[name])
    .filter((chunk) => chunk?.type === 'chunk' && !firstView.has(chunk.fileName) && !afterList.has(chunk.fileName))
    .map((chunk) => {
      const added = [...staticClosure(bundle, chunk.fileName)].filter((name) => !firstView.has(name));
      const addedNow = added.filter((name) => !afterList.has(name));
      return {
        name: path.basename(chunk.facadeModuleId ?? chunk.fileName).replace(/\.tsx?$/, ''),
        brotli: size(addedNow),
        beforeIdle: size(added),
        // The idle fetch's chunks too: a tab opened before it (or by whoever lands elsewhere) evaluates them.
        schemaModules: added.flatMap((name) =>
          Object.keys(bundle[name].modules).filter((id) => buildsSchemas(id) && !isLibraries(id)),
        ),
      };
    });

  // Where the first view's bytes go: brotli of each chunk shared out by the modules' rendered length.
  const weights = {};
  for (const name of firstView) {
    const chunk = bundle[name];
    const total = Object.values(chunk.modules).reduce((sum, m) => sum + m.renderedLength, 0) || 1;
    for (const [id, module] of Object.entries(chunk.modules)) {
      const owner = ownerOf(id, root);
      weights[owner] = (weights[owner] ?? 0) + (size([name]) * module.renderedLength) / total;
    }
  }
  const figures = {
    firstView: { files: firstView.size, brotli: size(firstView) },
    afterList: { files: afterList.size, brotli: size(afterList) },
    tabs,
    heaviest: Object.entries(weights)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([owner, bytes]) => ({ owner, brotli: Math.round(bytes) })),
  };
  const problems = [];
  const over = (what, bytes, budget) =>
    bytes > budget &&
    problems.push(`${what} is ${kb(bytes)} brotli, over the budget of ${kb(budget)} (web/scripts/dashboard-budget.mjs)`);
  over("the dashboard's first view", figures.firstView.brotli, budgets.firstView);
  over('what the inbox fetches once its list shows', figures.afterList.brotli, budgets.afterList);
  for (const tab of tabs) over(`the dashboard's ${tab.name} on its first opening`, tab.brotli, budgets.tab);
  for (const name of schemaFree) {
    const tab = tabs.find((t) => t.name === name);
    if (!tab) problems.push(`the dashboard's ${name} not found (schemaFreeTabs, web/scripts/dashboard-budget.mjs)`);
    else if (tab.schemaModules.length)
      problems.push(
        `the dashboard's ${name} builds zod schemas at its first opening (decision 072): ` +
          tab.schemaModules.map((id) => path.relative(root, id).split(path.sep).join('/')).join(', '),
      );
  }
  return { figures, problems };
}

/** The Vite plugin: checks the application's client build (not the server's) and reports the figures. */
export function dashboardBudget({ root }) {
  return {
    name: 'dashboard-budget',
    apply: 'build',
    generateBundle(options, bundle) {
      if (options.dir?.endsWith('server')) return;
      // A module of ours (or the contract's) that imports zod builds its schemas when evaluated.
      const buildsSchemas = (id) =>
        !/[\\/]node_modules[\\/]/.test(id) &&
        (this.getModuleInfo(id)?.importedIds ?? []).some((imported) => /[\\/]node_modules[\\/]zod[\\/]/.test(imported));
      const { figures, problems } = checkDashboard(bundle, { root, buildsSchemas });
      if (figures.firstView) {
        const largest = (key) => figures.tabs.reduce((a, b) => (b[key] > a[key] ? b : a), { name: '–', [key]: 0 });
        const largestTab = largest('brotli');
        const largestBeforeIdle = largest('beforeIdle');
        this.info(
          `dashboard (brotli): first view ${kb(figures.firstView.brotli)} in ${figures.firstView.files} files ` +
            `(budget ${kb(dashboardBudgets.firstView)}), once the list shows +${kb(figures.afterList.brotli)} in ` +
            `${figures.afterList.files} files (budget ${kb(dashboardBudgets.afterList)}), largest tab ${largestTab.name} ` +
            `+${kb(largestTab.brotli)} (budget ${kb(dashboardBudgets.tab)} each; opened before that: ` +
            `${largestBeforeIdle.name} +${kb(largestBeforeIdle.beforeIdle)}); first view by weight: ` +
            figures.heaviest.map((h) => `${h.owner} ${kb(h.brotli)}`).join(', '),
        );
      }
      if (problems.length) this.error(`the staff pages' JavaScript does not keep its budgets:\n${problems.join('\n')}`);
    },
  };
}
