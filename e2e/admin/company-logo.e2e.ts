import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Decision 028: staff upload the company's logo in the company tab; the public pages' icons and
// link-preview picture follow at once, with no build.

const site = useSite({ SEED_SAMPLE: 'false' });
beforeAll(async () => {
  await site.start();
});

/** Where screenshots go for a person to look at (E2E_SCREENSHOTS), if anywhere. */
const screenshots = process.env['E2E_SCREENSHOTS'];

async function companyTab(options: { phone?: boolean; lang?: 'en' | 'de' } = {}) {
  const page = await site.page({ viewport: options.phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${options.lang ?? 'de'}&tab=company`);
  return page;
}

/** The public home page's head: its icon links and its link-preview picture. */
async function publicHead(lang: 'de' | 'en') {
  const html = await (await fetch(`${site.url}/?lang=${lang}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  return {
    icons: head.match(/<link rel="(?:icon|apple-touch-icon)"[^>]*>/g) ?? [],
    ogImage: head.match(/<meta property="og:image" content="([^"]+)"/)?.[1],
  };
}

describe('the company logo', () => {
  it('staff upload a logo in the company tab and see it previewed; the public pages name its icons and link-preview picture', async () => {
    const page = await companyTab();
    const main = page.locator('main');
    // The file input (the go-live checklist's item has the same name).
    const field = main.locator('input[type=file]').and(main.getByLabel('Logo hochladen'));
    await field.waitFor();
    await main.getByText('Mitgeliefertes Blitz-Zeichen (kein eigenes Logo hochgeladen)').waitFor();
    const before = await publicHead('de');
    expect(before.icons).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');

    // An SVG is refused at once, with the reason.
    await field.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await main.getByText('Ein Logo als SVG nimmt die Website nicht an.', { exact: false }).waitFor();

    // A PNG drawn by the browser: a red disc with white letters.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 256;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#c0392b';
      context.beginPath();
      context.arc(128, 128, 120, 0, Math.PI * 2);
      context.fill();
      context.fillStyle = '#ffffff';
      context.font = 'bold 96px sans-serif';
      context.textAlign = 'center';
      context.fillText('BW', 128, 160);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await field.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    await main.getByRole('img', { name: 'Vorschau des Bildes' }).waitFor();
    await main.getByLabel('Kurzname').fill('Blitzwerk');
    if (screenshots) await page.screenshot({ path: `${screenshots}/company-logo-de-1366.png`, fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole('button', { name: 'Speichern' }).click();
    await main.getByText('Die Firmendaten wurden gespeichert', { exact: false }).waitFor();
    await main.getByText('Dieses Logo bleibt, wenn Sie kein neues auswählen.').waitFor();

    // Visitors' pages name the drawn icons and a link-preview picture per language, each served.
    for (const lang of ['de', 'en'] as const) {
      const head = await publicHead(lang);
      expect(head.icons).toEqual([
        expect.stringMatching(/^<link rel="icon" href="\/media\/company\/[a-f0-9]{20}-favicon\.ico" sizes="32x32" \/>$/),
        expect.stringMatching(/^<link rel="icon" href="\/media\/company\/[a-f0-9]{20}-icon-192\.png"/),
        expect.stringMatching(/^<link rel="apple-touch-icon" href="\/media\/company\/[a-f0-9]{20}-icon-180\.png" \/>$/),
      ]);
      expect(head.ogImage).toMatch(new RegExp(`/media/company/[a-f0-9]{20}-og-${lang}\\.png$`));
      const picture = await fetch(new URL(new URL(head.ogImage!).pathname, site.url));
      expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
      if (screenshots) fs.writeFileSync(`${screenshots}/og-image-${lang}.png`, Buffer.from(await picture.arrayBuffer()));
    }
    // A browser on the public page shows the drawn favicon.
    const visitor = await site.page();
    await visitor.goto(`${site.url}/`);
    const iconHref = await visitor.locator('link[rel="icon"]').first().getAttribute('href');
    expect(iconHref).toMatch(/^\/media\/company\/[a-f0-9]{20}-favicon\.ico$/);
    expect((await visitor.request.get(site.url + iconHref)).status()).toBe(200);

    // Back to the shipped drawing: the build's icons again.
    await main.getByRole('button', { name: 'Eigenes Logo entfernen' }).click();
    await main.getByText('Nach dem Speichern zeigt die Website wieder das mitgelieferte Blitz-Zeichen.').waitFor();
    await main.getByRole('button', { name: 'Speichern' }).click();
    // Saved: the notice of the pending change goes, the shipped drawing is the logo.
    await main.getByText('Nach dem Speichern zeigt', { exact: false }).waitFor({ state: 'detached' });
    await main.getByText('Mitgeliefertes Blitz-Zeichen (kein eigenes Logo hochgeladen)').waitFor();
    expect((await publicHead('de')).icons).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
    expect(page.errors).toEqual([]);
  });

  it('shows the logo field in both languages, on a phone without sideways scrolling', async () => {
    const cases = [
      { lang: 'en', phone: true, label: 'Upload a logo', shipped: 'The lightning mark the site ships with (no logo uploaded)' },
      {
        lang: 'de',
        phone: true,
        label: 'Logo hochladen',
        shipped: 'Mitgeliefertes Blitz-Zeichen (kein eigenes Logo hochgeladen)',
      },
      { lang: 'en', phone: false, label: 'Upload a logo', shipped: 'The lightning mark the site ships with (no logo uploaded)' },
    ] as const;
    for (const { lang, phone, label, shipped } of cases) {
      const page = await companyTab({ lang, phone });
      const main = page.locator('main');
      await main.locator('input[type=file]').and(main.getByLabel(label)).waitFor();
      await main.getByText(shipped).scrollIntoViewIfNeeded();
      if (phone)
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      if (screenshots) await page.screenshot({ path: `${screenshots}/company-logo-${lang}-${phone ? 'phone' : 'desktop'}.png` });
      if (lang === 'en' && phone) expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }
  });
});
