import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type PageManifest, indexablePages, pageKeys, pages } from '@blitz/contract';
import { writeFakePages } from '../../test/fake-web-build';
import { databaseKinds, getOnce, startTestApp, tempDir } from '../../test/helper';
import { withSiteOrigin } from './site-origin';

const built = 'https://www.example.com';
const site = 'https://www.blitzschutz-example.de';

/** A page as the prerenderer writes it: absolute addresses in the head, and the imprint's website link in the body. */
function builtPage(key: string, lang: string): string {
  const path = pages[key as keyof typeof pages].path.replace(':id', '0');
  const address = (l: string) => `${built}${path}${l === 'en' ? '?lang=en' : ''}`;
  return [
    `<!doctype html><html lang="${lang}"><head><title>${key}</title>`,
    `<link rel="canonical" href="${address(lang)}" />`,
    `<link rel="alternate" hreflang="de" href="${address('de')}" />`,
    `<link rel="alternate" hreflang="en" href="${address('en')}" />`,
    `<link rel="alternate" hreflang="x-default" href="${address('de')}" />`,
    `<meta property="og:url" content="${address(lang)}" />`,
    `<script type="application/ld+json">{"url":"${built}/"}</script>`,
    `</head><body><div id="root"><a href="${built}">${built}</a>${'x'.repeat(2000)}</div></body></html>`,
  ].join('\n');
}

/** A web build written with the default origin, with stale compressed forms beside one page (as the build writes them). */
function builtWithDefaultOrigin({ named = true } = {}): string {
  const dist = tempDir();
  writeFakePages(dist, builtPage);
  const manifestFile = path.join(dist, 'pages/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PageManifest;
  if (named) fs.writeFileSync(manifestFile, JSON.stringify({ ...manifest, origin: built }));
  const home = path.join(dist, 'pages/de/home.html');
  fs.writeFileSync(`${home}.br`, zlib.brotliCompressSync(fs.readFileSync(home)));
  fs.writeFileSync(`${home}.gz`, zlib.gzipSync(fs.readFileSync(home)));
  return dist;
}

const head = (html: string) => html.slice(0, html.indexOf('</head>'));

describe('withSiteOrigin', () => {
  it('puts the origin into the head only, and only where the built origin ends', () => {
    const page = `<head><link rel="canonical" href="${built}/jobs?lang=en" /><meta content="${built}.evil/x ${built}:8080/y ${built}" /></head><body>${built}/</body>`;
    expect(withSiteOrigin(page, built, site)).toBe(
      `<head><link rel="canonical" href="${site}/jobs?lang=en" /><meta content="${built}.evil/x ${built}:8080/y ${site}" /></head><body>${built}/</body>`,
    );
    expect(withSiteOrigin(page, built, built)).toBe(page);
    expect(withSiteOrigin('<p>no head</p>', built, site)).toBe('<p>no head</p>');
  });
});

describe.each(databaseKinds)('SITE_URL over HTTP, without a rebuild, on %s', (kind) => {
  it('names the configured origin in every page’s head in every encoding, in the sitemap and in robots.txt', async () => {
    const dist = builtWithDefaultOrigin();
    const { url } = await startTestApp(kind, { WEB_DIST: dist, SITE_URL: `${site}/` });
    for (const key of pageKeys) {
      for (const lang of ['de', 'en']) {
        const address = `${url}${pages[key].path.replace(':id', '0')}${lang === 'en' ? '?lang=en' : ''}`;
        const br = await getOnce(address, { 'accept-encoding': 'br' });
        const gzip = await getOnce(address, { 'accept-encoding': 'gzip' });
        const identity = await getOnce(address, { 'accept-encoding': 'identity' });
        // The project and job pages with id 0 send the visitor home or to the jobs, and no page staff
        // added is at /:address, no post at /aktuelles/:address (the site's not-found answer): those heads are checked there.
        if (key === 'project' || key === 'job' || key === 'customPage' || key === 'newsPost') {
          expect(br.status).toBe(302);
          continue;
        }
        expect(br.status, address).toBe(200);
        const html = zlib.brotliDecompressSync(br.body).toString();
        expect(zlib.gunzipSync(gzip.body).toString()).toBe(html);
        expect(identity.body.toString()).toBe(html);
        expect(head(html), address).not.toContain('www.example.com');
        const path = pages[key].path;
        const own = `${site}${path}${lang === 'en' ? '?lang=en' : ''}`;
        expect(html).toContain(`<link rel="canonical" href="${own}" />`);
        expect(html).toContain(`<link rel="alternate" hreflang="de" href="${site}${path}" />`);
        expect(html).toContain(`<link rel="alternate" hreflang="en" href="${site}${path}?lang=en" />`);
        expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${site}${path}" />`);
        expect(html).toContain(`<meta property="og:url" content="${own}" />`);
        expect(html).toContain(`{"url":"${site}/"}`);
        // The body is hydrated by the app, which renders the company's website link as built.
        expect(html).toContain(`<a href="${built}">${built}</a>`);
      }
    }

    const sitemap = (await getOnce(`${url}/sitemap.xml`)).body.toString();
    expect(sitemap).not.toContain('www.example.com');
    for (const key of indexablePages) expect(sitemap).toContain(`<loc>${site}${pages[key].path}</loc>`);
    const robots = (await getOnce(`${url}/robots.txt`)).body.toString();
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(robots).not.toContain('www.example.com');
  });

  it('serves the build as it is without SITE_URL, and a copy validated under another origin is sent anew', async () => {
    const dist = builtWithDefaultOrigin();
    const plain = await startTestApp(kind, { WEB_DIST: dist });
    const before = await getOnce(`${plain.url}/`, { 'accept-encoding': 'br' });
    // The build's own compressed file, sent as it is.
    expect(before.body.equals(fs.readFileSync(path.join(dist, 'pages/de/home.html.br')))).toBe(true);
    expect(head(zlib.brotliDecompressSync(before.body).toString())).toContain(`<link rel="canonical" href="${built}/" />`);
    expect((await getOnce(`${plain.url}/sitemap.xml`)).body.toString()).toContain(`<loc>${built}/</loc>`);

    const moved = await startTestApp(kind, { WEB_DIST: dist, SITE_URL: site });
    const after = await getOnce(`${moved.url}/`, { 'accept-encoding': 'br', 'if-none-match': before.headers['etag']! });
    expect(after.status).toBe(200);
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(zlib.brotliDecompressSync(after.body).toString()).toContain(`<link rel="canonical" href="${site}/" />`);
    expect((await getOnce(`${moved.url}/`, { 'if-none-match': after.headers['etag']! })).status).toBe(304);

    // A build from before the manifest named its origin was written with the company website.
    const older = await startTestApp(kind, { WEB_DIST: builtWithDefaultOrigin({ named: false }), SITE_URL: site });
    expect(head((await getOnce(`${older.url}/jobs?lang=en`)).body.toString())).toContain(
      `<link rel="canonical" href="${site}/jobs?lang=en" />`,
    );
  });
});
