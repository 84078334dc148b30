import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain build script without type declarations
import { allowedInIsland, beforeInteractionBudget, checkIslands } from './island-budget.mjs';

const root = '/repo';
const chunk = (fileName: string, facadeModuleId: string | null, moduleIds: string[], imports: string[] = [], code = 'x') => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  moduleIds,
  imports,
  code,
});
const options = { root, islandsEntry: 'src/islands/main.ts', contactIsland: 'src/islands/contact-island.tsx' };

describe('island budget', () => {
  it('allows React, i18next and the form, not the router, zod or admin code', () => {
    for (const id of [
      '/repo/node_modules/react-dom/cjs/react-dom-client.production.js',
      '/repo/node_modules/i18next/dist/esm/i18next.js',
      '/repo/web/src/features/contact/components/contact-form.tsx',
      '/repo/contract/src/contact-rules.ts',
      '\0rolldown/runtime.js',
    ])
      expect(allowedInIsland(id, root)).toBe(true);
    for (const id of [
      '/repo/node_modules/react-router/dist/production/index.js',
      '/repo/node_modules/@tanstack/react-query/build/modern/index.js',
      '/repo/node_modules/zod/v4/classic/schemas.js',
      '/repo/web/src/features/admin/components/data-table.tsx',
      '/repo/web/src/app/router.tsx',
    ])
      expect(allowedInIsland(id, root)).toBe(false);
  });

  it('measures what a page loads before the first interaction and what the island adds', () => {
    const bundle = {
      'islands.js': chunk('islands.js', '/repo/web/src/islands/main.ts', ['/repo/web/src/islands/main.ts']),
      'contact-island.js': chunk('contact-island.js', '/repo/web/src/islands/contact-island.tsx', [], ['react.js', 'islands.js']),
      'react.js': chunk('react.js', null, ['/repo/node_modules/react/index.js']),
    };
    const { figures, problems } = checkIslands(bundle, options);
    expect(problems).toEqual([]);
    expect(figures.beforeInteraction.files).toEqual(['islands.js']);
    expect(figures.onInteraction.files).toEqual(['contact-island.js', 'react.js']);
  });

  it('fails a build whose page script is more than one file', () => {
    const bundle = {
      'islands.js': chunk('islands.js', '/repo/web/src/islands/main.ts', ['/repo/web/src/islands/main.ts'], ['shared.js']),
      'shared.js': chunk('shared.js', null, ['/repo/web/src/lib/stylesheet.ts']),
      'contact-island.js': chunk('contact-island.js', '/repo/web/src/islands/contact-island.tsx', [], ['shared.js']),
    };
    const { figures, problems } = checkIslands(bundle, options);
    expect(figures.beforeInteraction.files).toEqual(['islands.js', 'shared.js']);
    expect(problems).toEqual(["the public pages' script is 2 files (islands.js, shared.js), not one"]);
  });

  it('fails a build whose island pulls in the router, or whose page script outgrows the budget', () => {
    // Random bytes do not compress: 16 KB of them stay above 10 KB in gzip.
    const big = randomBytes(16 * 1024).toString('base64');
    const bundle = {
      'islands.js': chunk('islands.js', '/repo/web/src/islands/main.ts', [], [], big),
      'contact-island.js': chunk('contact-island.js', '/repo/web/src/islands/contact-island.tsx', [], ['shared.js']),
      'shared.js': chunk('shared.js', null, [
        '/repo/node_modules/react-router/lib/a.js',
        '/repo/node_modules/react-router/lib/b.js',
      ]),
    };
    const { figures, problems } = checkIslands(bundle, options);
    expect(figures.beforeInteraction.gzip).toBeGreaterThan(beforeInteractionBudget);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('over the budget');
    // The package is named once, not each of its modules.
    expect(problems[1]).toContain('react-router (in shared.js)');
    expect(problems[1].match(/react-router/g)).toHaveLength(1);
  });
});
