import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../support/harness';
import { hydrated, withLang } from '../support/public-pages';

// The about, contact, services and imprint pages.

const site = useSite();
beforeAll(() => site.start());

describe('about, contact, services and imprint', () => {
  it('about: the managing director with picture, position, summary, quote and what / why / how', async () => {
    const page = await site.page();
    await page.goto(site.url + '/aboutus');
    const portrait = page.locator('main img').first();
    expect(await portrait.getAttribute('alt')).toBe('Porträt von Max Mustermann, Geschäftsführer von Musterblitz');
    expect(await portrait.getAttribute('width')).toBe('480');
    expect(await page.locator('main blockquote').innerText()).toMatch(/Einen guten Blitzschutz bemerkt man nicht/);
    expect(await page.locator('main h2').allInnerTexts()).toEqual(['Was wir tun', 'Warum wir es tun', 'Wie wir arbeiten']);
  });

  it('contact: headline, address, phone, e-mail and the map', async () => {
    const page = await site.page();
    await page.goto(site.url + '/contactus');
    const details = page.locator('section[aria-labelledby="contact-details"]');
    expect(await details.innerText()).toMatch(/Musterstraße 1\s+63450 Hanau/);
    expect(await details.locator('a[href="tel:+496181000000"]').count()).toBe(1);
    expect(await details.locator('a[href="mailto:info@example.com"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Karte laden' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /in neuem Tab öffnen/ }).count()).toBeGreaterThan(0);
  });

  it('services: three columns with 6, 8 and 8 points in both languages', async () => {
    for (const lang of ['de', 'en'] as const) {
      const page = await site.page();
      await page.goto(site.url + withLang('/Services', lang));
      for (const [service, count] of [
        ['planning', 6],
        ['installation', 8],
        ['maintenance', 8],
      ] as const) {
        expect(await page.locator(`[data-service="${service}"] li`).count(), `${lang} ${service}`).toBe(count);
      }
    }
  });

  it('imprint: provider, register, tax, privacy policy and an analytics opt-out that is remembered', async () => {
    const page = await site.page();
    await page.goto(site.url + '/impressum');
    await hydrated(page);
    const text = await page.locator('main').innerText();
    for (const part of [
      'Angaben gemäß § 5 DDG',
      'Registergericht: Amtsgericht Hanau',
      'Umsatzsteuer-Identifikationsnummer',
      'Datenschutzerklärung',
      'Hosting und Server-Logfiles',
      'Kontaktformular, Preisanfragen und E-Mail',
      'Bewerbungen',
      'Kartendarstellung (OpenStreetMap)',
      'Webanalyse',
      'Widerspruch gegen Webanalyse',
    ]) {
      expect(text, part).toContain(part);
    }
    await page.getByRole('link', { name: 'Der Besucherzählung widersprechen' }).click();
    await page.getByRole('status').filter({ hasText: 'Ihr Widerspruch wurde gespeichert' }).waitFor();
    // The server reads the objection (decision 025): a cookie that holds only it.
    expect((await page.context().cookies()).find((c) => c.name === 'statistics-opt-out')?.value).toBe('1');
    await page.reload();
    await hydrated(page);
    await page.getByRole('status').filter({ hasText: 'Ihr Widerspruch wurde gespeichert' }).waitFor();
  });

  it('leads from the map note to the map section of the privacy policy', async () => {
    const page = await site.page({ viewport: { width: 1366, height: 800 } });
    await page.goto(site.url + '/contactus');
    await hydrated(page);
    await page.getByRole('link', { name: 'Mehr dazu in unserer Datenschutzerklärung' }).click();
    await page.waitForURL((url) => url.pathname === '/impressum' && url.hash === '#map');
    const heading = page.getByRole('heading', { name: 'Kartendarstellung (OpenStreetMap)' });
    await heading.waitFor();
    await page.waitForFunction(() => {
      const top = document.getElementById('map')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    });
  });
});
