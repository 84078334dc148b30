import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../support/harness';

// sitemap.xml and robots.txt.

const site = useSite();
beforeAll(() => site.start());

describe('sitemap and robots', () => {
  it('lists every public page in both languages with absolute addresses and alternates', async () => {
    const res = await fetch(site.url + '/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/xml/);
    const xml = await res.text();
    for (const path of ['/', '/Blitzschutz', '/Projects', '/Services', '/jobs', '/contactus', '/aboutus', '/impressum']) {
      expect(xml).toContain(`<loc>https://www.example.com${path}</loc>`);
      expect(xml).toContain(`<loc>https://www.example.com${path}?lang=en</loc>`);
    }
    expect(xml).not.toContain('/login');
    expect(xml).not.toContain('/dashboard');
    const robots = await (await fetch(site.url + '/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://www.example.com/sitemap.xml');
    expect(robots).toContain('Disallow: /dashboard');
  });
});
