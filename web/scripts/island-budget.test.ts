import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain build script without type declarations
import { allowedInIsland, beforeInteractionBudget, checkIslands, firstTouchBudget, signInBudget } from './island-budget.mjs';

const root = '/repo';
const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  moduleIds: string[],
  imports: string[] = [],
  code = 'x',
  dynamicImports: string[] = [],
) => ({
  type: 'chunk',
  fileName,
  facadeModuleId,
  moduleIds,
  imports,
  code,
  dynamicImports,
});
const options = { root, islandsEntry: 'src/islands/main.ts', contactIsland: 'src/islands/contact-island.tsx' };

describe('island budget', () => {
  it('allows Preact and the form, not React, i18next, the router, zod or admin code', () => {
    for (const id of [
      '/repo/node_modules/preact/dist/preact.module.js',
      '/repo/node_modules/preact/hooks/dist/hooks.module.js',
      '/repo/web/src/features/contact/components/contact-form.tsx',
      '/repo/contract/src/contact-rules.ts',
      '\0rolldown/runtime.js',
    ])
      expect(allowedInIsland(id, root)).toBe(true);
    for (const id of [
      '/repo/node_modules/react-dom/cjs/react-dom-client.production.js',
      '/repo/node_modules/react/cjs/react.production.js',
      '/repo/node_modules/i18next/dist/esm/i18next.js',
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
      'contact-island.js': chunk(
        'contact-island.js',
        '/repo/web/src/islands/contact-island.tsx',
        [],
        ['preact.js', 'islands.js'],
      ),
      'preact.js': chunk('preact.js', null, ['/repo/node_modules/preact/dist/preact.module.js'], [], 'p'.repeat(3000)),
    };
    const texts = JSON.stringify({ heading: 'Schreiben Sie uns', intro: 'x'.repeat(500) });
    const { figures, problems } = checkIslands(bundle, { ...options, contactTexts: [texts, '{}'] });
    expect(problems).toEqual([]);
    expect(figures.beforeInteraction.files).toEqual(['islands.js']);
    expect(figures.onInteraction.files).toEqual(['contact-island.js', 'preact.js']);
    // The first touch: both chunks and the larger language's texts, brotli.
    expect(figures.firstTouch.textsBrotli).toBeGreaterThan(20);
    expect(figures.firstTouch.brotli).toBe(figures.onInteraction.brotli + figures.firstTouch.textsBrotli);
    expect(figures.firstTouch.brotli).toBeLessThan(200);
  });

  it('fails a build whose contact form needs more than its budget on the first touch, texts included', () => {
    // Random bytes do not compress: 14 KB of them stay near 14 KB in brotli, under the budget alone…
    const code = randomBytes(14 * 1024).toString('latin1');
    const bundle = {
      'islands.js': chunk('islands.js', '/repo/web/src/islands/main.ts', ['/repo/web/src/islands/main.ts']),
      'contact-island.js': chunk('contact-island.js', '/repo/web/src/islands/contact-island.tsx', [], [], code),
    };
    expect(checkIslands(bundle, options).problems).toEqual([]);
    // …and over it with 2 KB of texts that do not compress either.
    const texts = JSON.stringify({ intro: randomBytes(2 * 1024).toString('base64') });
    const { figures, problems } = checkIslands(bundle, { ...options, contactTexts: [texts] });
    expect(figures.firstTouch.brotli).toBeGreaterThan(firstTouchBudget);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^the contact form's first touch \(contact-island\.js and its texts\) is 1[5-7]\.\d KB brotli, over the budget of 15\.0 KB$/,
    );
  });

  it('counts what the island loads only on use apart from the first touch, and holds it to the allow-list too', () => {
    const overlay = '/repo/web/src/features/contact/components/attachment-overlay.tsx';
    const bundle = (overlayImports: string[]) => ({
      'islands.js': chunk('islands.js', '/repo/web/src/islands/main.ts', [], [], 'i', ['contact-island.js', 'sign-in.js']),
      'sign-in.js': chunk('sign-in.js', '/repo/web/src/islands/sign-in.ts', ['/repo/web/src/islands/sign-in.ts']),
      'contact-island.js': chunk('contact-island.js', '/repo/web/src/islands/contact-island.tsx', [], ['islands.js'], 'c', [
        'overlay.js',
      ]),
      'overlay.js': chunk('overlay.js', overlay, [overlay], ['contact-island.js', ...overlayImports], 'o'.repeat(2000)),
      'schemas.js': chunk('schemas.js', null, ['/repo/node_modules/zod/v4/classic/schemas.js']),
    });
    const { figures, problems } = checkIslands(bundle([]), options);
    expect(problems).toEqual([]);
    expect(figures.onInteraction.files).toEqual(['contact-island.js']);
    // The sign-in's chunk is the page script's to load, not the island's.
    expect(figures.onUse.files).toEqual(['overlay.js']);
    expect(figures.onUse.brotli).toBeGreaterThan(0);
    expect(figures.firstTouch.brotli).toBe(figures.onInteraction.brotli);
    const stray = checkIslands(bundle(['schemas.js']), options);
    expect(stray.figures.onUse.files).toEqual(['overlay.js', 'schemas.js']);
    expect(stray.problems).toEqual([expect.stringContaining('zod (in schemas.js)')]);
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

  it('measures the sign-in page (the page script and the sign-in chunk) and holds it to its budget', () => {
    const signIn = { ...options, signInIsland: 'src/islands/sign-in.ts' };
    const bundle = (size: number) => ({
      'islands.js': chunk('islands.js', '/repo/web/src/islands/main.ts', [], [], 'i'.repeat(100)),
      'contact-island.js': chunk('contact-island.js', '/repo/web/src/islands/contact-island.tsx', []),
      'sign-in.js': chunk('sign-in.js', '/repo/web/src/islands/sign-in.ts', [], ['islands.js', 'auth.js']),
      'auth.js': chunk('auth.js', null, [], [], randomBytes(size).toString('latin1')),
    });
    const small = checkIslands(bundle(1024), signIn);
    expect(small.problems).toEqual([]);
    expect(small.figures.signIn.files.sort()).toEqual(['auth.js', 'islands.js', 'sign-in.js']);
    expect(small.figures.signIn.brotli).toBeGreaterThan(1024);
    // Random bytes do not compress: 31 KB of them stay over 30 KB in brotli.
    const large = checkIslands(bundle(31 * 1024), signIn);
    expect(large.figures.signIn.brotli).toBeGreaterThan(signInBudget);
    expect(large.problems).toEqual([
      expect.stringMatching(/^the sign-in page's script \(.*\) is 3[01]\.\d KB brotli, over the budget of 30\.0 KB$/),
    ]);
    const { 'sign-in.js': _, ...without } = bundle(10);
    expect(checkIslands(without, signIn).problems[0]).toMatch(/island chunks not found .*sign-in/);
  });
});
