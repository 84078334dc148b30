import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './harness';
import { publicPages, withLang } from './public-pages';

// The build prerenders with the default origin; SITE_URL moves the site without a rebuild.
const site = 'https://www.blitzschutz-example.de';
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ SITE_URL: site });
});
afterAll(() => server?.stop());

describe('SITE_URL on the built site', () => {
  it('names the configured origin in every public page’s canonical, hreflang and Open Graph addresses', async () => {
    const { data } = (await (await fetch(`${server.url}/api/v1/Project?PageLength=1`)).json()) as { data: { id: number }[] };
    const paths = [...publicPages.map((p) => p.path), '/Projects', `/project/${data[0]!.id}`];
    for (const path of paths) {
      for (const lang of ['de', 'en'] as const) {
        for (const encoding of ['br', 'gzip', 'identity']) {
          // fetch decodes br and gzip; each encoding is a form of its own in the server's memory.
          const res = await fetch(server.url + withLang(path, lang), { headers: { 'accept-encoding': encoding } });
          expect(res.status, `${path} ${lang}`).toBe(200);
          const html = head(await res.text());
          expect(html, `${path} ${lang} ${encoding}`).not.toContain('www.example.com');
          expect(html).toContain(`<link rel="canonical" href="${site}${withLang(path, lang)}" />`);
          expect(html).toContain(`<link rel="alternate" hreflang="de" href="${site}${path}" />`);
          expect(html).toContain(`<link rel="alternate" hreflang="en" href="${site}${path}?lang=en" />`);
          expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${site}${path}" />`);
          expect(html).toContain(`<meta property="og:url" content="${site}${withLang(path, lang)}" />`);
        }
      }
    }
  });

  it('names it in the sitemap and in robots.txt, never the default', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${site}/</loc>`);
    expect(xml).toContain(`<loc>${site}/impressum?lang=en</loc>`);
    expect(xml).not.toContain('www.example.com');
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${site}/sitemap.xml`);
    expect(robots).not.toContain('www.example.com');
  });
});
