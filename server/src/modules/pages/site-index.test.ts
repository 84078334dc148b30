import { describe, expect, it } from 'vitest';
import { indexablePages } from '@blitz/contract';
import { robotsTxt, sitemapXml } from './site-index';

describe('sitemap.xml', () => {
  const xml = sitemapXml('https://www.blitz.example');

  it('lists every indexable page in German and English, with absolute addresses', () => {
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(indexablePages.length * 2);
    expect(locs).toContain('https://www.blitz.example/');
    expect(locs).toContain('https://www.blitz.example/?lang=en');
    expect(locs).toContain('https://www.blitz.example/Blitzschutz');
    expect(locs).toContain('https://www.blitz.example/impressum?lang=en');
    expect(locs.some((l) => l!.includes('/login') || l!.includes('/dashboard'))).toBe(false);
  });

  it('names both language versions and German as x-default in every entry', () => {
    const entries = xml.match(/<url>.*?<\/url>/g)!;
    for (const entry of entries) {
      const path = new URL(entry.match(/<loc>([^<]+)<\/loc>/)![1]!).pathname;
      const base = `https://www.blitz.example${path}`;
      expect(entry).toContain(`hreflang="de" href="${base}"`);
      expect(entry).toContain(`hreflang="en" href="${base}?lang=en"`);
      expect(entry).toContain(`hreflang="x-default" href="${base}"`);
    }
  });

  it('is well-formed XML with the sitemap and xhtml namespaces', () => {
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    expect(xml.trim().endsWith('</urlset>')).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(xml.match(/<\/url>/g)!.length);
  });

  it('has no character that XML would need escaped', () => {
    expect(xml).not.toMatch(/&(?!#\d+;)/);
  });
});

describe('robots.txt', () => {
  it('allows the public site, keeps crawlers out of the staff area and the API, and names the sitemap', () => {
    const robots = robotsTxt('https://www.blitz.example');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Disallow: \/dashboard$/m);
    expect(robots).toMatch(/^Disallow: \/login$/m);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/www\.blitz\.example\/sitemap\.xml$/m);
  });
});
