import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper';
import { fillPlaceholders } from '@blitz/contract';
import { createPageRenderer, fillDocument, withHead } from './page-renderer';

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

  it('puts the head the app rendered in place of the built one, and leaves every other tag as it is', () => {
    const built = prerendered.slice(prerendered.indexOf('<title>'), prerendered.indexOf('\n    <style>'));
    const head = '<title>Umspannwerk | Musterblitz</title>\n    <script>(function(){})()</script>';
    const document = withHead(prerendered, built, head)!;
    expect(document.match(/<title>/g)).toHaveLength(1);
    expect(document).toContain(`<meta charset="utf-8" />\n    ${head}\n    <style>body{margin:0}</style>`);
    expect(document).not.toContain('noindex');
    expect(document).not.toContain('og:site_name');
    expect(document.replace(head, built)).toBe(prerendered);
  });

  it('refuses a document without the built head, or with it outside the head, rather than guessing', () => {
    expect(withHead(prerendered, '<title>Anders</title>', '<title>Neu</title>')).toBeUndefined();
    expect(withHead(prerendered, '<div class="skeleton">', '<title>Neu</title>')).toBeUndefined();
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
  const siteUrl = 'https://www.example.com';
  const renders = () => (globalThis as { renders?: number }).renders ?? 0;

  it('renders with the web build’s bundle, and renders again only when page, address, language or data change', async () => {
    const renderer = createPageRenderer(fakeBuild(), siteUrl, log);
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

  it('puts the head the bundle renders, with the site’s origin, in place of the head the build wrote', async () => {
    const builtHead = [
      '<title>Referenzprojekt | Musterblitz</title>',
      '<link rel="canonical" href="https://build.example/project/0" />',
    ].join('\n    ');
    const document = (origin: string) =>
      `<html><head><meta charset="utf-8" />\n    ${builtHead.replace('https://build.example', origin)}\n    <style>a{}</style></head><body><div id="root"></div></body></html>`;
    const client = fakeBuild(
      'export async function render(page, url, lang, data, content, origin) { return { html: \'<main>7</main>\', head: `<title>Halle 7</title>\n    <link rel="canonical" href="${origin}${url}" />` }; }',
    );
    fs.mkdirSync(path.join(client, 'pages'), { recursive: true });
    const manifest = {
      files: { project: { de: 'pages/de/project.html' } },
      scriptHashes: [],
      styleHashes: [],
      origin: 'https://build.example',
      heads: { 'pages/de/project.html': builtHead },
    };
    fs.writeFileSync(path.join(client, 'pages', 'manifest.json'), JSON.stringify(manifest));
    const renderer = createPageRenderer(client, siteUrl, log);
    const page = await renderer.render(document(siteUrl), 'project', '/project/7', 'de', {});
    expect(page).toContain(
      '<meta charset="utf-8" />\n    <title>Halle 7</title>\n    <link rel="canonical" href="https://www.example.com/project/7" />\n    <style>a{}</style>',
    );
    expect(page).not.toContain('Referenzprojekt');
    expect(page).toContain('<main>7</main>');
    // A page whose head is not the one the build wrote keeps its head rather than getting two.
    const other = await renderer.render(document('https://other.example'), 'project', '/project/7', 'de', {});
    expect(other).toBeUndefined();
  });

  it('keeps a bounded number of pages', async () => {
    const renderer = createPageRenderer(fakeBuild(), siteUrl, log, 2);
    const before = renders();
    for (const a of [1, 2, 3, 1]) await renderer.render(prerendered, 'projects', '/Projects', 'de', { a });
    expect(renders() - before).toBe(4);
  });

  it('answers undefined (the caller serves the prerendered page) without a build or when rendering fails', async () => {
    expect(
      await createPageRenderer(path.join(tempDir(), 'client'), siteUrl, log).render(
        prerendered,
        'projects',
        '/Projects',
        'de',
        {},
      ),
    ).toBeUndefined();
    const failing = createPageRenderer(fakeBuild('export async function render() { throw new Error("boom"); }'), siteUrl, log);
    expect(await failing.render(prerendered, 'projects', '/Projects', 'de', {})).toBeUndefined();
  });
});
