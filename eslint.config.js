import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// The walls between folders (README, Architecture; decision 024).

// server/src from the top down: a layer imports from itself and from the layers below it, never
// from one above. Each zone below names, for one layer, the layers above it.
const serverLayers = [
  // What starts, composes or administers the app (site-modules.ts: the one list of the modules,
  // which app.ts registers and backup/ reads their stored files from).
  ['server.ts', 'app.ts', 'production-default.ts', 'site-modules.ts', 'cli', 'backup'],
  ['plugins'],
  ['sample-content'], // fills the modules' tables on a first start
  ['modules'],
  ['mail', 'media'],
  ['storage', 'db'],
  ['lib'],
  ['config.ts'],
];
const serverOrder =
  'server/src runs one way down: server.ts, app.ts, cli/, backup/ → plugins/ → sample-content/ → modules/ → ' +
  'mail/, media/ → storage/, db/ → lib/ → config.ts (decision 024).';
const inServer = (names) => names.map((name) => `server/src/${name}`);
// A folder or file in no layer would be walled in by nothing: lint stops until it has a place.
const unplaced = fs
  .readdirSync(new URL('server/src', import.meta.url))
  .filter((name) => name !== 'test' && !name.endsWith('.test.ts') && !serverLayers.flat().includes(name));
if (unplaced.length > 0) throw new Error(`eslint.config.js: give server/src/${unplaced.join(', ')} a layer in serverLayers`);

// Tests and their kits. They sit beside the code they test and keep its walls, except that a
// test may start the app as a first start would: build it (`app.ts`, or test/helper.ts, which
// does) to test its folder through real HTTP, and seed the sample content into it (the jobs
// tests check the two sample jobs). The shared kit in test/ belongs to no layer, so any test may
// use it; code that is not a test may use neither (the second zone list below).
const startedByTests = ['app.ts', 'sample-content'];
const serverTests = ['server/src/**/*.test.ts', 'server/src/**/*.test-kit.ts', 'server/src/test/**'];

function serverZones({ tests }) {
  return serverLayers.slice(1).flatMap((layer, index) => {
    const above = serverLayers
      .slice(0, index + 1)
      .flat()
      .filter((name) => !(tests && startedByTests.includes(name)));
    const zone = { target: inServer(layer), message: serverOrder };
    if (layer[0] !== 'modules') return [{ ...zone, from: inServer(above) }];
    // The one exception: a route registers a third-party plugin in its own scope (the contact
    // form's multipart parser and rate limit, the projects' picture uploads, the inbox's reply
    // with files, the WordPress import's export and zip, the file library's uploads: plugins/external/). A module that needs
    // one too is named here; plugins/app/
    // stays out of reach of every module.
    return [
      { ...zone, from: inServer(above.filter((name) => name !== 'plugins')) },
      { ...zone, target: 'server/src/modules/!(contact|projects|inbox|wordpress-import|files)/**', from: 'server/src/plugins' },
      ...['contact', 'projects', 'inbox', 'wordpress-import', 'files'].map((name) => ({
        ...zone,
        target: `server/src/modules/${name}`,
        from: 'server/src/plugins',
        except: ['./external'],
      })),
    ];
  });
}

// The kernel: the modules every domain uses (the content version and module record, the pages,
// the audit trail, the trash, the housekeeping, the rate limits). They know no domain: a domain
// hands in what the kernel needs (its trash adapter, its audit entries), so that the kernel never
// imports it back (decision 046). Every other folder under server/src/modules is a domain, read
// from the disk, so a new module is walled off from the kernel without a line here.
const kernelModules = ['registry', 'content', 'pages', 'audit', 'trash', 'housekeeping', 'rate-limits'];
const domainModules = fs
  .readdirSync(new URL('server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !kernelModules.includes(entry.name))
  .map((entry) => entry.name);
const kernelZone = {
  target: kernelModules.map((name) => `server/src/modules/${name}`),
  from: domainModules.map((name) => `server/src/modules/${name}`),
  message:
    `The kernel (modules/${kernelModules.join(', ')}) imports no domain module: ` +
    'let the domain hand in what the kernel needs (decision 046).',
};

// Every folder under web/src/features is a feature; a new one is walled in without a line here.
const webFeatures = fs
  .readdirSync(new URL('web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Prerendered pages read browser-only state (storage, consent) after hydration, in an
      // effect, so that the first client render matches the server's HTML.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
  },
  {
    // A circle of imports between files is a circle between folders too; type-only imports are
    // not followed (they leave nothing behind at run time).
    files: ['{contract,server,web}/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: serverTests,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...serverZones({ tests: false }),
            kernelZone,
            { target: 'server/src', from: 'server/src/test', message: 'Only tests use the test kit.' },
            { target: 'server/src', from: serverTests.slice(0, 2), message: 'Only tests use test kits.' },
          ],
        },
      ],
    },
  },
  {
    files: serverTests,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones({ tests: true }) }],
    },
  },
  {
    // Routes (app/) and the islands compose features; features stay independent; shared pieces
    // live in components/, lib/ or config/ and know no feature (STYLE.md, decision 024).
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            { target: 'web', from: 'server', message: 'The web app never imports server code.' },
            {
              target: ['web/src/components', 'web/src/lib', 'web/src/config'],
              from: ['web/src/features', 'web/src/app', 'web/src/islands'],
              message: 'Shared code knows no feature, route or island; pass what it needs in.',
            },
            {
              target: 'web/src/features',
              from: ['web/src/app', 'web/src/islands'],
              message: 'A feature does not import routes or islands; they import it.',
            },
            {
              target: 'web/src/features/*.{ts,tsx}',
              from: 'web/src/features',
              message: 'Code in features/ belongs to one feature folder.',
            },
            ...webFeatures.map((feature) => ({
              target: `web/src/features/${feature}`,
              from: 'web/src/features',
              except: [`./${feature}`],
              message: 'A feature does not import another feature; move the shared piece to components/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
);
