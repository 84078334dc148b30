import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectList } from '@blitz/contract';
import { useSite } from '../support/harness';
import { hydrated, publicPages, withLang } from '../support/public-pages';

// The build prerenders with the default origin; SITE_URL moves the site without a rebuild.
const origin = 'https://www.blitzschutz-example.de';
const head = (html: string) => html.slice(0, html.indexOf('</head>'));

const site = useSite({ SITE_URL: origin });
beforeAll(() => site.start());

describe('SITE_URL on the built site', () => {
  it('names the configured origin in every public page’s canonical, hreflang and Open Graph addresses', async () => {
    const { data } = (await (await fetch(`${site.url}/api/v1/Project?PageLength=1`)).json()) as ProjectList;
    const paths = [...publicPages.map((p) => p.path), '/Projects', `/project/${data[0]!.id}`];
    for (const path of paths) {
      for (const lang of ['de', 'en'] as const) {
        for (const encoding of ['br', 'gzip', 'identity']) {
          // fetch decodes br and gzip; each encoding is a form of its own in the server's memory.
          const res = await fetch(site.url + withLang(path, lang), { headers: { 'accept-encoding': encoding } });
          expect(res.status, `${path} ${lang}`).toBe(200);
          const html = head(await res.text());
          expect(html, `${path} ${lang} ${encoding}`).not.toContain('www.example.com');
          expect(html).toContain(`<link rel="canonical" href="${origin}${withLang(path, lang)}" />`);
          expect(html).toContain(`<link rel="alternate" hreflang="de" href="${origin}${path}" />`);
          expect(html).toContain(`<link rel="alternate" hreflang="en" href="${origin}${path}?lang=en" />`);
          expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}${path}" />`);
          expect(html).toContain(`<meta property="og:url" content="${origin}${withLang(path, lang)}" />`);
        }
      }
    }
  });

  it('names it in the sitemap and in robots.txt, never the default', async () => {
    const xml = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${origin}/</loc>`);
    expect(xml).toContain(`<loc>${origin}/impressum?lang=en</loc>`);
    expect(xml).not.toContain('www.example.com');
    const robots = await (await fetch(`${site.url}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(robots).not.toContain('www.example.com');
  });

  it('leaves every page hydrating without a console message: no inline script’s CSP hash changed', async () => {
    // Every page in German, and one in English: the inline scripts are the same in both.
    const visits = [...publicPages.map(({ path }) => ({ path, lang: 'de' as const })), { path: '/', lang: 'en' as const }];
    for (const { path, lang } of visits) {
      const page = await site.page();
      const messages: string[] = [];
      page.on('console', (m) => (m.type() === 'warning' || m.type() === 'error') && messages.push(m.text()));
      await page.goto(site.url + withLang(path, lang));
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(origin + withLang(path, lang));
      expect(messages, `${path} ${lang}`).toEqual([]);
      expect(page.errors, `${path} ${lang}`).toEqual([]);
      await page.close();
    }
  });
});
