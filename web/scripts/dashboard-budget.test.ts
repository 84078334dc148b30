import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain build script without type declarations
import { checkDashboard } from './dashboard-budget.mjs';

const root = '/repo';
/** A chunk of `size` bytes that brotli cannot shrink (random), made of one module. */
const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  { imports = [], dynamicImports = [], size = 100, isEntry = false, module = facadeModuleId ?? `/repo/${fileName}` } = {} as {
    imports?: string[];
    dynamicImports?: string[];
    size?: number;
    isEntry?: boolean;
    module?: string;
  },
) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  isEntry,
  imports,
  dynamicImports,
  code: randomBytes(size).toString('base64').slice(0, size),
  modules: { [module]: { renderedLength: size } },
});

/**
 * The application's bundle: entry, dashboard, the inbox it lands on, what it fetches once its list
 * shows (the inquiry's dialog, and beside it the libraries every tab shares: the schemas' and the
 * forms'), and two tabs that use them.
 */
function bundle(sizes: { router?: number; tab?: number; schemas?: number } = {}) {
  const items = [
    chunk('index.js', '/repo/web/index.html', { isEntry: true, imports: ['router.js'], size: 1000 }),
    chunk('router.js', null, { size: sizes.router ?? 2000, module: '/repo/node_modules/react-router/dist/index.js' }),
    chunk('forms.js', null, { size: 3000, module: '/repo/node_modules/react-hook-form/dist/index.esm.mjs' }),
    chunk('schemas.js', null, { size: sizes.schemas ?? 2000, module: '/repo/node_modules/zod/v4/classic/schemas.js' }),
    chunk('dashboard-page.js', '/repo/web/src/app/routes/admin/dashboard-page.tsx', {
      imports: ['index.js'],
      dynamicImports: ['inbox-panel.js', 'projects-section.js', 'jobs-panel.js'],
    }),
    chunk('inbox-panel.js', '/repo/web/src/features/inbox/components/inbox-panel.tsx', {
      imports: ['index.js', 'table.js'],
      dynamicImports: ['inquiry-detail.js', 'tab-libraries.js'],
    }),
    chunk('inquiry-detail.js', '/repo/web/src/features/inbox/components/inquiry-detail.tsx', {
      imports: ['index.js'],
      size: 400,
    }),
    chunk('tab-libraries.js', '/repo/web/src/lib/tab-libraries.ts', { imports: ['schemas.js', 'forms.js'], size: 50 }),
    chunk('table.js', null, { size: 500, module: '/repo/web/src/components/admin/data-table.tsx' }),
    chunk('projects-section.js', '/repo/web/src/app/routes/admin/projects-section.tsx', {
      imports: ['table.js', 'forms.js', 'schemas.js'],
      size: sizes.tab ?? 200,
    }),
    chunk('jobs-panel.js', '/repo/web/src/features/job-editing/components/jobs-panel.tsx', { imports: ['forms.js'] }),
  ];
  return Object.fromEntries(items.map((item) => [item.fileName, item]));
}

const budgets = { firstView: 10 * 1024, afterList: 10 * 1024, tab: 10 * 1024 };
const options = { root, budgets, schemaFree: ['projects-section'] };

describe('dashboard budget', () => {
  it('measures the first view and what each tab adds to it', () => {
    const { figures, problems } = checkDashboard(bundle(), options);
    expect(problems).toEqual([]);
    expect(figures.firstView.files).toBe(5);
    // Once the list shows: the dialog's 400 characters, the schemas' 2,000 and the forms' 3,000
    // (base64: brotli keeps about three quarters).
    expect(figures.afterList.files).toBe(4);
    expect(figures.afterList.brotli).toBeGreaterThan(0.7 * 5450);
    expect(figures.afterList.brotli).toBeLessThan(0.8 * 5450 + 200);
    // A tab counts only what neither has loaded: the projects' table, the schemas and the forms are there already.
    type Tab = { name: string; brotli: number; beforeIdle: number };
    const tabs = Object.fromEntries(figures.tabs.map((t: Tab) => [t.name, t]));
    expect(Object.keys(tabs).sort()).toEqual(['jobs-panel', 'projects-section']);
    // Its own 200 characters.
    expect(tabs['projects-section'].brotli).toBeGreaterThan(0.7 * 200);
    expect(tabs['projects-section'].brotli).toBeLessThan(0.8 * 200 + 100);
    // Opened before the idle fetch, it loads the schemas and the forms itself.
    expect(tabs['projects-section'].beforeIdle).toBeGreaterThan(0.7 * 5200);
    expect(tabs['jobs-panel'].beforeIdle).toBeGreaterThan(0.7 * 3100);
    expect(figures.heaviest[0].owner).toBe('react-router');
  });

  it('fails a build whose first view, what follows the list or a tab is over its budget', () => {
    const { problems } = checkDashboard(bundle({ router: 12_000, tab: 14_000, schemas: 14_000 }), options);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^the dashboard's first view is [\d.]+ KB brotli, over the budget of 10\.0 KB/);
    expect(problems[1]).toMatch(/^what the inbox fetches once its list shows is/);
    expect(problems[2]).toMatch(/^the dashboard's projects-section on its first opening is/);
  });

  it("finds the dashboard page and the inbox inside the first view's one chunk (vite.config.ts)", () => {
    const entry = chunk('index.js', '/repo/web/index.html', { isEntry: true, imports: ['first-view.js'], size: 100 });
    const firstView = {
      ...chunk('first-view.js', null, { size: 3000 }),
      dynamicImports: ['inquiry-detail.js', 'tab-libraries.js', 'jobs-panel.js'],
      modules: {
        '/repo/web/src/entry-client.tsx': { renderedLength: 1000 },
        '/repo/web/src/app/routes/admin/dashboard-page.tsx': { renderedLength: 1000 },
        '/repo/web/src/features/inbox/components/inbox-panel.tsx': { renderedLength: 1000 },
      },
    };
    const items = Object.fromEntries(
      [
        entry,
        firstView,
        chunk('schemas.js', null, { size: 2000, module: '/repo/node_modules/zod/v4/classic/schemas.js' }),
        chunk('forms.js', null, { size: 3000, module: '/repo/node_modules/react-hook-form/dist/index.esm.mjs' }),
        chunk('inquiry-detail.js', '/repo/web/src/features/inbox/components/inquiry-detail.tsx', {
          imports: ['first-view.js'],
          size: 400,
        }),
        chunk('tab-libraries.js', '/repo/web/src/lib/tab-libraries.ts', { imports: ['schemas.js'], size: 50 }),
        chunk('jobs-panel.js', '/repo/web/src/features/job-editing/components/jobs-panel.tsx', { imports: ['forms.js'] }),
      ].map((item) => [item.fileName, item]),
    );
    const { figures, problems } = checkDashboard(items, { root, budgets, schemaFree: ['jobs-panel'] });
    expect(problems).toEqual([]);
    expect(figures.firstView.files).toBe(2);
    expect(figures.afterList.files).toBe(3);
    // The inquiry's dialog and the tabs' libraries are what follows the list, not tabs.
    expect(figures.tabs.map((t: { name: string }) => t.name)).toEqual(['jobs-panel']);
  });

  it('fails a build where a tab to show its list without zod builds schemas at its first opening', () => {
    const items = bundle();
    const project = chunk('project.js', '/repo/contract/src/project.ts', { imports: ['schemas.js'] });
    items['project.js'] = project;
    items['projects-section.js']!.imports = ['table.js', 'project.js'];
    // The contract's module imports zod; the zod chunk itself is a library (and fetched when idle).
    const buildsSchemas = (id: string) => id.startsWith('/repo/contract/');
    expect(checkDashboard(items, { ...options, buildsSchemas }).problems).toEqual([
      "the dashboard's projects-section builds zod schemas at its first opening (decision 072): contract/src/project.ts",
    ]);
    // Another tab may.
    expect(checkDashboard(items, { ...options, schemaFree: ['jobs-panel'], buildsSchemas }).problems).toEqual([]);
    // What the idle fetch brings counts too (a tab may open before it), but the libraries' module, which builds nothing.
    items['inquiry-detail.js']!.imports = ['index.js', 'project.js'];
    items['projects-section.js']!.imports = ['table.js', 'tab-libraries.js'];
    const importsZod = (id: string) => buildsSchemas(id) || id.endsWith('src/lib/tab-libraries.ts');
    expect(checkDashboard(items, { ...options, buildsSchemas: importsZod }).problems).toEqual([]);
    items['projects-section.js']!.imports = ['table.js', 'project.js'];
    expect(checkDashboard(items, { ...options, buildsSchemas: importsZod }).problems).toHaveLength(1);
    expect(checkDashboard(items, { ...options, schemaFree: ['texts-panel'] }).problems).toEqual([
      "the dashboard's texts-panel not found (schemaFreeTabs, web/scripts/dashboard-budget.mjs)",
    ]);
  });

  it('says so when a staff chunk is missing, rather than passing unmeasured', () => {
    const items = bundle();
    delete (items as Record<string, unknown>)['inbox-panel.js'];
    expect(checkDashboard(items, options).problems[0]).toMatch(/staff chunks not found: .*inbox-panel/);
  });
});
