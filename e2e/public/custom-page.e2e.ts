import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, axeViolations, pngBytes } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// A page staff added (issue 45, decision 061) as visitors meet it: reached from the navigation,
// complete in German and English, on a phone and without JavaScript; its call to action opens
// the footer form with the inquiry type chosen; a page kept out of search engines says so.

const site = useSite();
const words = (de: string, en: string) => ({ de, en });
let pictureId = 0;
let flyerId = 0;

/** A call to the API as the signed-in admin; throws with the answer on a refusal. */
async function call(token: string, method: string, path: string, body?: FormData | unknown) {
  const multipart = body instanceof FormData;
  const response = await fetch(`${site.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body && !multipart ? { 'content-type': 'application/json' } : {}) },
    body: multipart ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as { id: number };
}

const upload = (name: string, type: string, bytes: Buffer, texts: unknown) => {
  const form = new FormData();
  form.append('data', JSON.stringify(texts));
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
};

const paragraph = (text: string) => [{ type: 'paragraph', content: [{ text }] }];

beforeAll(async () => {
  await site.start();
  const token = await apiLogin(site.url);
  const page = await site.page();
  const picture = await call(
    token,
    'POST',
    '/File',
    upload('fangmast.png', 'image/png', await pngBytes(page, 1200, 800), {
      title: words('Fangmast', 'Mast'),
      alt: words('Fangmast auf einem Hallendach', 'Air-termination mast on a hall roof'),
    }),
  );
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
  const flyer = await call(
    token,
    'POST',
    '/File',
    upload('pruefung.pdf', 'application/pdf', pdf, { title: words('Flyer zur Prüfung', 'Inspection leaflet') }),
  );
  pictureId = picture.id;
  flyerId = flyer.id;
  await call(token, 'POST', '/Page', {
    address: '/Prüfung-nach-DIN',
    title: words('Wiederkehrende Prüfung nach DIN EN 62305-3', 'Periodic inspection to DIN EN 62305-3'),
    linkTitle: words('Prüfaktion', 'Inspections'),
    place: 'navigation',
    placeOrder: 1,
    noindex: false,
    published: true,
    sections: [
      {
        kind: 'text',
        text: {
          de: [
            { type: 'heading', level: 2, content: [{ text: 'Warum prüfen?' }] },
            { type: 'paragraph', content: [{ text: 'Eine Anlage altert. <b>Markup</b> bleibt Text.' }] },
          ],
          en: [
            { type: 'heading', level: 2, content: [{ text: 'Why inspect?' }] },
            { type: 'paragraph', content: [{ text: 'A system ages.' }] },
          ],
        },
      },
      {
        kind: 'textPicture',
        side: 'right',
        fileId: pictureId,
        alt: words('', ''),
        text: { de: paragraph('Wir messen jede Trennstelle.'), en: paragraph('We measure every test joint.') },
      },
      {
        kind: 'references',
        heading: words('Geprüfte Anlagen', 'Systems we inspected'),
        categoryId: null,
        order: 'newest',
        limit: 3,
      },
      { kind: 'downloads', heading: words('Zum Mitnehmen', 'To take away'), fileIds: [flyerId] },
      {
        kind: 'faq',
        heading: words('Häufige Fragen', 'Frequent questions'),
        items: [
          { question: words('Wie oft?', 'How often?'), answer: words('Alle ein bis vier Jahre.', 'Every one to four years.') },
        ],
      },
      {
        kind: 'callToAction',
        heading: words('Prüftermin vereinbaren', 'Book an inspection'),
        text: words('Wir melden uns innerhalb eines Werktags.', 'We answer within one working day.'),
        button: words('Termin anfragen', 'Request a date'),
        inquiryType: 'priceInquiry',
      },
    ],
  });
  await call(token, 'POST', '/Page', {
    address: '/intern',
    title: words('Nur per Link', 'By link only'),
    place: 'none',
    placeOrder: 0,
    noindex: true,
    published: true,
    sections: [{ kind: 'text', text: { de: paragraph('Für Partner.'), en: paragraph('For partners.') } }],
  });
  await page.close();
});

describe('a page staff added', () => {
  it('is reached from the navigation and shows its sections in German and English, axe-clean', async () => {
    const page = await site.page();
    await page.goto(site.url + '/aboutus');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Prüfaktion' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wiederkehrende Prüfung nach DIN EN 62305-3' }).waitFor();
    expect(decodeURIComponent(new URL(page.url()).pathname)).toBe('/Prüfung-nach-DIN');
    expect(await page.title()).toBe('Wiederkehrende Prüfung nach DIN EN 62305-3 | Musterblitz');
    const main = page.locator('main');
    expect(await main.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual([
      'Warum prüfen?',
      'Geprüfte Anlagen',
      'Zum Mitnehmen',
      'Häufige Fragen',
      'Prüftermin vereinbaren',
    ]);
    expect(await main.innerText()).toContain('<b>Markup</b> bleibt Text.');
    // The picture with the library's alternative text, loaded.
    const picture = main.getByRole('img', { name: 'Fangmast auf einem Hallendach' });
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(
      await main
        .getByRole('list')
        .filter({ has: page.getByRole('heading', { level: 3 }) })
        .getByRole('listitem')
        .count(),
    ).toBe(3);
    const download = main.getByRole('link', { name: /Flyer zur Prüfung/ });
    expect(await download.getAttribute('href')).toMatch(new RegExp(`^/dateien/${flyerId}/`));
    expect(await download.innerText()).toMatch(/PDF, \d+ Byte/);
    await main.getByText('Wie oft?').click();
    await main.getByText('Alle ein bis vier Jahre.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The call to action opens the footer form with the price inquiry chosen.
    await main.getByRole('link', { name: 'Termin anfragen' }).click();
    await expect.poll(() => page.locator('#contact-form select').first().inputValue()).toBe('priceInquiry');

    await page.goto(`${site.url}/Pr%C3%BCfung-nach-DIN?lang=en`);
    await page.getByRole('heading', { level: 1, name: 'Periodic inspection to DIN EN 62305-3' }).waitFor();
    expect(await main.getByRole('heading', { level: 2 }).allInnerTexts()).toContain('Frequent questions');
    expect(await main.innerText()).toContain('We measure every test joint.');
    expect(
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inspections' }).count(),
    ).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(page.outside).toEqual([]);
  });

  it('in the navigation, moves the links into the menu where they would push the language menu off the screen', async () => {
    for (const width of [1024, 1280]) {
      const page = await site.page({ viewport: { width, height: 800 } });
      await page.goto(`${site.url}/Pr%C3%BCfung-nach-DIN?lang=en`);
      const navbar = page.locator('header nav');
      expect(await navbar.evaluate((nav) => nav.scrollWidth <= nav.clientWidth), `at ${width} px`).toBe(true);
      const language = await page.locator('header details.relative summary').boundingBox();
      expect(language!.x + language!.width, `at ${width} px`).toBeLessThanOrEqual(width);
      const inline = navbar.locator('> ul').getByRole('link', { name: 'Inspections' });
      if (width === 1280) await inline.click();
      else {
        expect(await inline.isVisible()).toBe(false);
        await page.locator('header details[data-menu]:not(.relative) summary').click();
        await navbar.getByRole('link', { name: 'Inspections' }).click();
      }
      await page.getByRole('heading', { level: 1, name: 'Periodic inspection to DIN EN 62305-3' }).waitFor();
      expect(page.errors).toEqual([]);
      await page.close();
    }
  });

  it('is complete on a phone without JavaScript, its menu included', async () => {
    const page = await site.page({ viewport: viewports.phone, javaScriptEnabled: false });
    await page.goto(`${site.url}/?lang=en`);
    await page.locator('header details[data-menu]:not(.relative) summary').click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Inspections' }).click();
    await page.getByRole('heading', { level: 1, name: 'Periodic inspection to DIN EN 62305-3' }).waitFor();
    await page.getByText('How often?').click();
    await page.getByText('Every one to four years.').waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewports.phone.width);
    await page.getByRole('link', { name: 'Request a date' }).click();
    expect(await page.locator('#contact-form select').first().inputValue()).toBe('priceInquiry');
  });

  it('kept out of search engines says so and is not in the sitemap; an address without a page leads home', async () => {
    const page = await site.page();
    await page.goto(site.url + '/intern');
    await page.getByRole('heading', { level: 1, name: 'Nur per Link' }).waitFor();
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex, nofollow');
    const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/Pr%C3%BCfung-nach-DIN</loc>');
    expect(sitemap).not.toContain('/intern');
    await page.goto(site.url + '/gibt-es-nicht');
    expect(new URL(page.url()).pathname).toBe('/');
  });
});
