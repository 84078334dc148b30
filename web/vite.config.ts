import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
// @ts-expect-error -- a plain build script without type declarations
import { islandBudget } from './scripts/island-budget.mjs';

const localesDir = path.resolve(import.meta.dirname, 'src/locales');

/** URL of a translation file: the common texts at /assets/i18n/{lang}.json, each scope beside. */
export function translationUrl(lang: string, namespace: string): string {
  return namespace === 'common' ? `/assets/i18n/${lang}.json` : `/assets/i18n/${namespace}/${lang}.json`;
}

/** Serves (dev) and emits (build) the locale files under the URLs the app fetches them from. */
function translations(): Plugin {
  const files = () =>
    fs.readdirSync(localesDir).flatMap((lang) =>
      fs.readdirSync(path.join(localesDir, lang)).map((file) => ({
        url: translationUrl(lang, file.replace(/\.json$/, '')),
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

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    translations(),
    islandBudget({
      root: path.resolve(import.meta.dirname, '..'),
      islandsEntry: 'src/islands/main.ts',
      contactIsland: 'src/islands/contact-island.tsx',
    }),
  ],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
    // Two entries: the admin application (index.html) and the public pages' island script. The
    // manifest tells the prerenderer which file the latter became.
    manifest: true,
    rollupOptions: { input: { main: 'index.html', islands: 'src/islands/main.ts' } },
  },
  ssr: { noExternal: ['@blitz/contract'] },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
