import { beforeAll, describe, expect, it } from 'vitest';
import { useSite, viewports } from '../support/harness';

const site = useSite();
beforeAll(() => site.start());

describe('the site, started as `npm start` starts it', () => {
  it('shows the home page in German by default, with no console error and no outside request', async () => {
    const page = await site.page();
    await page.goto(site.url + '/');
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.getByRole('link', { name: 'Kontakt aufnehmen' }).waitFor();
    expect(page.errors).toEqual([]);
    expect(page.outside).toEqual([]);
  });

  it('serves every route of the route table, matched case-insensitively', async () => {
    for (const path of [
      '/impressum',
      '/aboutus',
      '/contactus',
      '/jobs',
      '/Blitzschutz',
      '/Projects',
      '/Services',
      '/SERVICES',
      '/blitzschutz',
    ]) {
      const res = await fetch(site.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
  });

  it('sends an unknown path to the home page', async () => {
    const page = await site.page();
    await page.goto(site.url + '/does-not-exist/at/all');
    expect(new URL(page.url()).pathname).toBe('/');
    const res = await fetch(site.url + '/nothing-here', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });

  it('switches the language from its menu and keeps it across a reload', async () => {
    const page = await site.page({ viewport: viewports.desktop });
    await page.goto(site.url + '/Services');
    await page.locator('summary', { hasText: /Sprache/ }).click();
    await page.getByRole('link', { name: 'ENGLISH' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await page.getByRole('link', { name: 'Services' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('Language'))).toBe('en');
    await page.reload();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    // The server already sent English: the first HTML the browser got was not German.
    const html = await (await page.request.get(site.url + '/Services')).text();
    expect(html).toContain('<html lang="en">');
    expect(page.errors).toEqual([]);
  });

  it('follows ?lang=en and remembers it', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs?lang=en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('Language'))).toBe('en');
    await page.goto(site.url + '/aboutus');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
  });

  it('uses English for a stored language that is neither de nor en, without a German flash', async () => {
    const page = await site.page();
    await page.goto(site.url + '/impressum');
    await page.evaluate(() => localStorage.setItem('Language', 'fr'));
    await page.goto(site.url + '/impressum');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('en');
  });
});
