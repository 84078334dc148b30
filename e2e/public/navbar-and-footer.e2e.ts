import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../support/harness';
import { hydrated, publicPages } from '../support/public-pages';

// The navbar and footer of every public page: links, backgrounds, the phone menu, the skip link.

const site = useSite();
beforeAll(() => site.start());

const navLinks = {
  de: ['Start', 'Blitzschutz', 'Referenzen', 'Leistungen', 'Karriere', 'Kontakt', 'Über uns'],
  en: ['Home', 'Lightning protection', 'References', 'Services', 'Careers', 'Contact', 'About us'],
};
const navPaths = ['/', '/Blitzschutz', '/Projects', '/Services', '/jobs', '/contactus', '/aboutus'];
// The gallery belongs to another feature: only that its address and title change is checked here.
const navHeadings = [
  'Wir leiten Blitze sicher in die Erde.',
  'Blitzschutz – häufige Fragen',
  undefined,
  'Leistungen',
  'Karriere',
  'Kontakt',
  'Über uns',
];

describe('navbar and footer', () => {
  it('has the seven links in both languages, and leads to each page', async () => {
    const page = await site.page();
    await page.goto(site.url + '/');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(await nav.getByRole('list').getByRole('link').allInnerTexts()).toEqual(navLinks.de);
    let titleBefore = '';
    for (const [index, label] of navLinks.de.entries()) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === navPaths[index]);
      const heading = navHeadings[index];
      if (heading) await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      await page.waitForFunction((before) => document.title !== before, titleBefore);
      titleBefore = await page.title();
    }
    const en = await site.page();
    await en.goto(site.url + '/Services?lang=en');
    expect(
      await en.getByRole('navigation', { name: 'Main navigation' }).getByRole('list').getByRole('link').allInnerTexts(),
    ).toEqual(navLinks.en);
    expect(page.errors).toEqual([]);
  });

  it('has no coloured background on the home page and the coloured one on every other page', async () => {
    const page = await site.page();
    const background = () =>
      page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    await page.goto(site.url + '/');
    expect(await background()).toBe('rgba(0, 0, 0, 0)');
    for (const path of ['/Services', '/Blitzschutz', '/jobs', '/impressum', '/aboutus', '/contactus']) {
      await page.goto(site.url + path);
      expect(await background(), path).toBe('rgb(11, 37, 69)');
    }
  });

  it('sends an unknown address to the home page, in the browser too', async () => {
    const page = await site.page();
    await page.goto(site.url + '/no/such/page');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Wir leiten Blitze sicher in die Erde.' }).waitFor();
  });

  it('has a footer with the imprint link and the company e-mail on every page', async () => {
    const page = await site.page();
    for (const { path } of publicPages) {
      await page.goto(site.url + path);
      const footer = page.locator('footer');
      expect(await footer.getByRole('link', { name: 'Impressum und Datenschutz' }).getAttribute('href'), path).toBe('/impressum');
      expect(await footer.locator('a[href="mailto:info@example.com"]').count(), path).toBeGreaterThan(0);
    }
  });

  it('opens and closes the mobile menu, closes it on Escape and traps no focus', async () => {
    const page = await site.page({ viewport: { width: 390, height: 844 } });
    await page.goto(site.url + '/Services');
    await hydrated(page);
    // A native disclosure: it opens and closes without the page's script, which adds Escape.
    const menu = page.locator('header details[data-menu]:not(.relative)');
    const toggle = menu.locator('summary');
    const firstLink = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Start', exact: true });
    expect(await firstLink.isVisible()).toBe(false);
    expect(await toggle.innerText()).toContain('Menü öffnen');
    await toggle.click();
    expect(await menu.getAttribute('open')).toBe('');
    expect(await toggle.innerText()).toContain('Menü schließen');
    expect(await firstLink.isVisible()).toBe(true);
    // Tab runs through the seven links and on out of the menu, into the page.
    await toggle.focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Über uns');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(false);
    // Escape closes it and gives focus back to the toggle.
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await nav.getByRole('link', { name: 'Karriere' }).focus();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');
    // A tap elsewhere (below the open menu) closes it.
    await toggle.click();
    await page.mouse.click(200, 800);
    expect(await menu.getAttribute('open')).toBeNull();
    // A chosen link leads to its page, where the menu is closed.
    await toggle.click();
    await nav.getByRole('link', { name: 'Karriere' }).click();
    await page.waitForURL((url) => url.pathname === '/jobs');
    await page.getByRole('heading', { level: 1, name: 'Karriere' }).waitFor();
    expect(await page.locator('header details[open]').count()).toBe(0);
  });

  it('has a skip link that is the first stop of the keyboard and leads to the content, with a visible focus', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs');
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    expect(await skip.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    // The next stop is inside the content, with a visible focus ring.
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
  });
});
