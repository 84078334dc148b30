import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, type UserConfig, defineConfig } from 'vite';
// @ts-expect-error -- a plain build script without type declarations
import { dashboardBudget, staffModules } from './scripts/dashboard-budget.mjs';
// @ts-expect-error -- a plain build script without type declarations
import { islandBudget } from './scripts/island-budget.mjs';
// The contract's file itself, not its index: the config is bundled on its own, without zod.
import { translationPath } from '../contract/src/translations';

const localesDir = path.resolve(import.meta.dirname, 'src/locales');

/** Serves (dev) and emits (build) the locale files under the URLs the app fetches them from. */
function translations(): Plugin {
  const files = () =>
    fs.readdirSync(localesDir).flatMap((lang) =>
      fs.readdirSync(path.join(localesDir, lang)).map((file) => ({
        url: translationPath(lang, file.replace(/\.json$/, '')),
        source: path.join(localesDir, lang, file),
      })),
    );
  return {
    name: 'translations',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = files().find((f) => f.url === req.url?.split('?')[0]);
        if (!match) return next();
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(fs.readFileSync(match.source));
      });
    },
    generateBundle(options) {
      if (options.dir?.endsWith('server')) return;
      for (const f of files()) {
        // Minified on the way out: the source files stay readable.
        const source = JSON.stringify(JSON.parse(fs.readFileSync(f.source, 'utf8')));
        this.emitFile({ type: 'asset', fileName: f.url.slice(1), source });
      }
    },
  };
}

const islandBudgetOptions = {
  root: path.resolve(import.meta.dirname, '..'),
  islandsEntry: 'src/islands/main.ts',
  contactIsland: 'src/islands/contact-island.tsx',
  signInIsland: 'src/islands/sign-in.ts',
  // The island's texts, fetched beside its code: part of what the first touch loads.
  contactTexts: fs.readdirSync(localesDir).map((lang) => path.join(localesDir, lang, 'contact.json')),
};

/**
 * The contact form's island runs on Preact, not React (decision 032): the same components, with
 * react and react-dom/client resolved to Preact's core and hooks (islands/preact-as-react.ts) and
 * react-i18next to the island's own small text lookup (islands/contact-texts.ts). In the islands
 * build only; the server's rendering and the admin application stay React.
 */
const islandRuntime = [
  { find: /^react(?:-dom\/client)?$/, replacement: path.resolve(import.meta.dirname, 'src/islands/preact-as-react.ts') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-i18next$/, replacement: path.resolve(import.meta.dirname, 'src/islands/contact-texts.ts') },
];

/**
 * The stylesheet the application build emitted, as the island script's `styles.css?url`: the
 * islands build links that file rather than emitting a second copy of the site's CSS.
 */
function applicationStylesheet(): Plugin {
  const virtualId = '\0application-stylesheet';
  return {
    name: 'application-stylesheet',
    enforce: 'pre',
    resolveId(source) {
      return source.endsWith('/styles.css?url') ? virtualId : undefined;
    },
    load(id) {
      if (id !== virtualId) return undefined;
      const manifest = JSON.parse(
        fs.readFileSync(path.resolve(import.meta.dirname, 'dist/client/.vite/manifest.json'), 'utf8'),
      ) as Record<string, { file: string; src?: string }>;
      const stylesheet = Object.values(manifest).find((item) => item.src?.endsWith('src/styles.css'));
      if (!stylesheet) throw new Error('the application build emitted no src/styles.css: build it first');
      return `export default ${JSON.stringify(`/${stylesheet.file}`)};`;
    },
  };
}

/** The admin application (index.html): the single-page app of /dashboard (and of an invitation's /login). */
const application: UserConfig = {
  plugins: [react(), tailwindcss(), translations()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    manifest: true,
  },
  ssr: { noExternal: ['@blitz/contract'] },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
};

/**
 * The public pages' script (`vite build --mode islands`, after the application's build, into the
 * same folder): built on its own so that it shares no chunk with the admin application and is one
 * file, one request, before the first interaction (decision 021). The contact form's island is
 * its lazy chunk, on Preact (decision 032). The manifest tells the prerenderer which file the entry became.
 */
const islands: UserConfig = {
  plugins: [applicationStylesheet(), react(), islandBudget(islandBudgetOptions)],
  resolve: { alias: islandRuntime },
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    manifest: '.vite/islands-manifest.json',
    rollupOptions: { input: { islands: islandBudgetOptions.islandsEntry } },
  },
};

/**
 * The dashboard's first view in three chunks, each evaluated in a task of its own: the entry's
 * (the libraries, the texts' and answers' set-up it begins with), the application's frame and
 * routes (app/application.tsx, which the entry imports), and the dashboard page with the inbox it
 * lands on (which the frame imports). 22 small files had taken a phone's six HTTP/1.1 connections
 * and a preload link each (issue 46); one chunk was one long task of evaluation on a slow phone.
 * A module goes with the first of them that reaches it. Every other module keeps the automatic
 * splitting: a tab's code still loads when the tab is opened. The early calls' script, an entry,
 * stays a file of its own.
 */
function firstViewChunks(chunks: [name: string, roots: string[]][]) {
  let chunkOf: Map<string, string> | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null }) => {
    if (!chunkOf) {
      const members = new Map<string, string>();
      // The graph before tree-shaking: the contract's index reaches every schema, though the first
      // view reads its answers without zod (decision 045). zod, and what imports it, stay out.
      const usesZod = (module: string) => /[\\/]node_modules[\\/]zod[\\/]/.test(module);
      const seen = new Set<string>();
      for (const [name, roots] of chunks) {
        const visit = (module: string) => {
          if (seen.has(module)) return;
          seen.add(module);
          const imported = ctx.getModuleInfo(module)?.importedIds ?? [];
          if (!usesZod(module) && !imported.some(usesZod)) members.set(module, name);
          imported.forEach(visit);
        };
        roots.forEach(visit);
      }
      chunkOf = members;
    }
    if (ctx.getModuleInfo(id)?.isEntry) return null;
    return chunkOf.get(id) ?? null;
  };
}

/**
 * The admin application runs on Preact's React compatibility layer in the browser (issue 46):
 * the same components and libraries, a tenth of React DOM's bytes; and on the part of React
 * Router's API it uses, over the History API (src/lib/admin-runtime/router.tsx). The server
 * renders with React and React Router.
 */
const adminRuntime = [
  { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'src/lib/admin-runtime/router.tsx') },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: path.resolve(import.meta.dirname, 'src/lib/admin-runtime/react.js') },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

export default defineConfig(({ mode, isSsrBuild }) =>
  mode === 'islands'
    ? islands
    : isSsrBuild
      ? // The server renders the public pages, whose pictures the admin app's build no longer
        // holds: the server build writes them too, and the prerenderer puts them beside the rest.
        { ...application, build: { ...application.build, ssrEmitAssets: true } }
      : {
          ...application,
          plugins: [...application.plugins!, dashboardBudget({ root: path.resolve(import.meta.dirname, '..') })],
          resolve: { alias: adminRuntime },
          build: {
            ...application.build,
            // The dashboard's early API calls: an entry of its own, which /dashboard's HTML runs first (prerender.mjs).
            rollupOptions: {
              input: {
                index: path.resolve(import.meta.dirname, 'index.html'),
                'early-requests': path.resolve(import.meta.dirname, 'src/lib/early-requests.ts'),
              },
              output: {
                codeSplitting: {
                  groups: [
                    {
                      // Only the modules named: a member's other imports (the contract's schemas, which
                      // tree-shaking drops from the first view) keep the automatic splitting.
                      includeDependenciesRecursively: false,
                      name: firstViewChunks(
                        (
                          [
                            ['first-view', ['src/entry-client.tsx']],
                            ['first-view-application', ['src/app/application.tsx']],
                            ['first-view-dashboard', [staffModules.dashboard, staffModules.landingTab]],
                          ] as const
                        ).map(([name, roots]) => [name, roots.map((file) => path.resolve(import.meta.dirname, file))]),
                      ),
                    },
                  ],
                },
              },
            },
          },
        },
);
