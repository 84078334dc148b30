import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../support/harness';
import { contactFormHydrated, hydrated } from '../support/public-pages';

// Choosing the language, keeping it, and loading the translations.

const site = useSite();
beforeAll(() => site.start());

describe('language', () => {
  it('loads the page in the chosen language with its title and description, and keeps the choice', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs');
    expect(await page.title()).toBe('Karriere im Blitzschutz | Musterblitz');
    const toggle = page.locator('summary', { hasText: /^Sprache wählen/ });
    await toggle.click();
    const english = page.getByRole('link', { name: 'ENGLISH', exact: true });
    expect(await english.isVisible()).toBe(true);
    await english.click();
    await page.waitForURL((url) => url.search === '?lang=en');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('header details[open]').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Careers' }).waitFor();
    expect(await page.title()).toBe('Careers in lightning protection | Musterblitz');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/^Join our team in Hanau/);
    expect(await page.evaluate(() => localStorage.getItem('Language'))).toBe('en');
    expect(await page.evaluate(() => document.cookie)).toContain('Language=en');
    // A new visit to another page comes in English straight from the server.
    await page.goto(site.url + '/Blitzschutz');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(new URL(page.url()).search).toBe('');
    await page.locator('summary', { hasText: /^Select language/ }).click();
    await page.getByRole('link', { name: 'DEUTSCH', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Blitzschutz – häufige Fragen' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('Language'))).toBe('de');
    expect(page.errors).toEqual([]);
  });

  it('shows a visitor whose stored language is English no German page, not even briefly', async () => {
    const page = await site.page();
    // Recorded in every document of this tab: did a German document ever paint?
    await page.addInitScript(() => {
      new PerformanceObserver(() => {
        if (document.documentElement.lang === 'de') sessionStorage.setItem('paintedGerman', location.href);
      }).observe({ type: 'paint', buffered: true });
    });
    await page.goto(site.url + '/impressum?lang=en');
    // The server's cookie is gone (a new device, say), only localStorage remembers English.
    await page.context().clearCookies();
    await page.goto(site.url + '/Services');
    // The head script may replace the document while goto settles: a locator survives that.
    await page.locator('html[lang="en"]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1, name: 'Services' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('paintedGerman'))).toBeNull();
  });

  it('serves the translations at /assets/i18n, split by scope; a page loads only the contact form’s, when its island starts', async () => {
    for (const url of [
      '/assets/i18n/de.json',
      '/assets/i18n/en.json',
      '/assets/i18n/homepage/de.json',
      '/assets/i18n/JobsPage/en.json',
      '/assets/i18n/BlitzSchutz/de.json',
      '/assets/i18n/ImprintPage/en.json',
      '/assets/i18n/aboutus/de.json',
      '/assets/i18n/kontactus/en.json',
      '/assets/i18n/servicespage/de.json',
    ]) {
      const res = await fetch(site.url + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/json/);
    }
    const page = await site.page();
    const loaded: string[] = [];
    page.on('request', (r) => r.url().includes('/assets/i18n/') && loaded.push(new URL(r.url()).pathname));
    await page.goto(site.url + '/');
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    // The page's texts are in its HTML.
    expect(loaded).toEqual([]);
    await contactFormHydrated(page);
    // The form's own texts only: the common ones are not needed by it.
    expect(loaded).toEqual(['/assets/i18n/contact/de.json']);
  });

  it('retries a failed translation load twice, then shows the other language', async () => {
    const page = await site.page();
    let attempts = 0;
    await page.route('**/assets/i18n/contact/de.json', (route) => {
      attempts++;
      return route.fulfill({ status: 503, body: 'unavailable' });
    });
    await page.goto(site.url + '/');
    await hydrated(page);
    await page.locator('#contact-form select[name=subject]').focus();
    await page.locator('#contact-form label', { hasText: 'First name' }).waitFor();
    expect(attempts).toBe(3);
  });
});
