import fs from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

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
  plugins: [react(), tailwindcss(), translations()],
  resolve: {
    // Every public page downloads these, so bytes count (budget: 110 KB gzip of JavaScript on the
    // home page). React Router's package exports point at its development build, which carries
    // extra checks; the production build is the same API. react-i18next's shim for
    // useSyncExternalStore is only needed before React 18; React's own hook does the same.
    alias: [
      {
        find: /^react-router$/,
        replacement: path.resolve(import.meta.dirname, '../node_modules/react-router/dist/production/index.mjs'),
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/lib/use-sync-external-store.ts'),
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    cssCodeSplit: true,
  },
  ssr: { noExternal: ['@blitz/contract'] },
  server: { proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
});
