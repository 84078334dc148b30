import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper';
import { fillPlaceholders } from '@blitz/contract';
import { createPageRenderer, fillDocument, replaceHead } from './page-renderer';

const prerendered = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <title>Referenzprojekt | Musterblitz</title>
    <meta name="description" content="Allgemein" />
    <script>(function(){})()</script>
    <meta name="robots" content="noindex, nofollow" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="Musterblitz" />
    <meta property="og:title" content="Referenzprojekt" />
    <meta property="og:description" content="Allgemein" />
    <style>body{margin:0}</style>
  </head>
  <body>
    <div id="root"><div class="skeleton"><div>loading</div></div></div>
  </body>
</html>`;

describe('filling a prerendered page', () => {
  it('replaces the root content only and adds the data as inert JSON', () => {
    const filled = fillDocument(prerendered, '<main>Projekt 7</main>', {
      '/api/v1/Project/7': { id: 7, title: '</script><script>alert(1)</script>' },
    })!;
    expect(filled).toContain('<div id="root"><main>Projekt 7</main></div>');
    expect(filled).not.toContain('skeleton');
    // Head, inline script and style untouched: their CSP hashes still hold.
    expect(filled).toContain('<script>(function(){})()</script>');
    expect(filled).toContain('<style>body{margin:0}</style>');
    const json = filled.match(/<script type="application\/json" id="page-data">(.*?)<\/script>/)![1]!;
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({ '/api/v1/Project/7': { id: 7, title: '</script><script>alert(1)</script>' } });
    expect(filled.indexOf('id="page-data"')).toBeGreaterThan(filled.indexOf('<div id="root">'));
    expect(filled.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('refuses a page of another shape rather than guessing', () => {
    expect(fillDocument('<html><body><p>no root</p></body></html>', '<main/>', {})).toBeUndefined();
  });

  it('replaces title, description, robots and link-preview tags with the page’s own', () => {
    const head = replaceHead(prerendered, [
      '<title>Umspannwerk | Musterblitz</title>',
      '<meta property="og:title" content="Umspannwerk" />',
    ]);
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Umspannwerk | Musterblitz</title>');
    expect(head).not.toContain('noindex');
    expect(head).not.toContain('content="Referenzprojekt"');
    expect(head).not.toContain('name="description"');
    // What is not the page's own stays.
    expect(head).toContain('<meta property="og:site_name" content="Musterblitz" />');
    expect(head).toContain('<meta charset="utf-8" />');
    expect(head.indexOf('Umspannwerk')).toBeLessThan(head.indexOf('</head>'));
  });

  it('keeps the site’s link-preview picture unless the page brings its own', () => {
    const withDefault = prerendered.replace(
      '<style>',
      '<meta property="og:image" content="https://x.example/assets/og-image-abcdefgh.png" />\n    <meta property="og:image:width" content="1200" />\n    <meta name="twitter:card" content="summary_large_image" />\n    <style>',
    );
    const without = replaceHead(withDefault, ['<meta property="og:title" content="Ohne Bild" />']);
    expect(without).toContain('og-image-abcdefgh.png');
    expect(without).toContain('<meta property="og:image:width" content="1200" />');
    const own = replaceHead(withDefault, [
      '<meta property="og:image" content="https://x.example/media/projects/p.webp" />',
      '<meta property="og:image:width" content="1600" />',
    ]);
    expect(own).not.toContain('og-image-abcdefgh.png');
    expect(own).not.toContain('content="1200"');
    expect(own.match(/property="og:image"/g)).toHaveLength(1);
    // The card type stays either way.
    expect(own).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('fills {{placeholders}} as i18next does, leaving unknown ones', () => {
    expect(
      fillPlaceholders('{{projectTitle}} – Referenz | {{ companyName }} {{other}} {{constructor}}', {
        projectTitle: 'A',
        companyName: 'B',
      }),
    ).toBe('A – Referenz | B {{other}} {{constructor}}');
  });
});

describe('the page renderer', () => {
  /** A stand-in for the web build's server bundle that counts its renders. */
  function fakeBuild(
    body = "export async function render(page, url, lang, data) { globalThis.renders = (globalThis.renders ?? 0) + 1; return { html: `<main>${page} ${url} ${lang} ${Object.keys(data)}</main>`, head: '' }; }",
  ) {
    const dist = tempDir();
    fs.mkdirSync(path.join(dist, 'server'));
    fs.writeFileSync(path.join(dist, 'server', 'entry-server.js'), body);
    return path.join(dist, 'client');
  }
  const log = pino({ level: 'silent' });
  const renders = () => (globalThis as { renders?: number }).renders ?? 0;

  it('renders with the web build’s bundle, and renders again only when page, address, language or data change', async () => {
    const renderer = createPageRenderer(fakeBuild(), log);
    const before = renders();
    const first = await renderer.render(prerendered, 'projects', '/Projects', 'de', { a: 1 });
    expect(first).toContain('<main>projects /Projects de a</main>');
    expect(await renderer.render(prerendered, 'projects', '/Projects', 'de', { a: 1 })).toBe(first);
    expect(renders() - before).toBe(1);
    await renderer.render(prerendered, 'projects', '/Projects', 'de', { a: 2 });
    await renderer.render(prerendered, 'projects', '/Projects?page=2', 'de', { a: 2 });
    await renderer.render(prerendered, 'projects', '/Projects?page=2', 'en', { a: 2 });
    expect(renders() - before).toBe(4);
  });

  it('keeps a bounded number of pages', async () => {
    const renderer = createPageRenderer(fakeBuild(), log, 2);
    const before = renders();
    for (const a of [1, 2, 3, 1]) await renderer.render(prerendered, 'projects', '/Projects', 'de', { a });
    expect(renders() - before).toBe(4);
  });

  it('answers undefined (the caller serves the prerendered page) without a build or when rendering fails', async () => {
    expect(
      await createPageRenderer(path.join(tempDir(), 'client'), log).render(prerendered, 'projects', '/Projects', 'de', {}),
    ).toBeUndefined();
    const failing = createPageRenderer(fakeBuild('export async function render() { throw new Error("boom"); }'), log);
    expect(await failing.render(prerendered, 'projects', '/Projects', 'de', {})).toBeUndefined();
  });
});
