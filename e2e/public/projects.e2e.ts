import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Category, CategoryList, LoginResponse, ProjectList } from '@blitz/contract';
import { admin, useSite, viewports } from '../support/harness';
import { type AxeViolation, describeViolations, hydrated } from '../support/public-pages';

// The built server seeds its sample content on the empty database of this test file:
// 6 categories and 24 projects, 4 per category, newest first.
const site = useSite();
beforeAll(() => site.start());

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations; injected through the DevTools protocol, which the pages' CSP does not stop. */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

const newest = { de: 'Neubau eines Rechenzentrums, Blitzschutzklasse I', en: 'New data centre, lightning protection level I' };

const cards = (page: Page) => page.locator('main ul[data-cards] > li');
const cardTitles = (page: Page) => page.locator('main ul[data-cards] > li h2').allTextContents();
// The category filter: a disclosure whose summary names the chosen category.
const combobox = (page: Page) => page.locator('main summary[data-gallery-focus="category"]');
const categoryMenu = (page: Page) => page.locator('main details[data-menu]');
const step = (page: Page, rel: 'prev' | 'next') => page.locator(`main [data-gallery-focus="${rel}"]`);
const allLink = (page: Page) => page.locator('main [data-gallery-focus="all"]');
const search = (page: Page) => new URL(page.url()).searchParams;

/** Records Content-Security-Policy violations from the start of every document of the page. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function openGallery(page: Page, path = '/Projects') {
  await page.goto(site.url + path);
  await hydrated(page);
}

/** Waits until the gallery shows a page with this text ('Seite 2 von 3'), with its cards in place. */
async function showsPage(page: Page, text: string) {
  await page.getByText(text, { exact: true }).waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-gallery][aria-busy="true"]'));
}

async function chooseCategory(page: Page, name: string) {
  await combobox(page).click();
  await categoryMenu(page).getByRole('link', { name, exact: true }).click();
}

/** Marks the document, to tell a view loaded in place from a page load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);

describe('the reference gallery', () => {
  it('shows all projects on first load, server-rendered, in pages of 10, with pictures that reserve their space', async () => {
    const html = await (await fetch(`${site.url}/Projects`)).text();
    // The cards are in the HTML itself, for the first paint and for crawlers.
    expect(html).toContain(newest.de);
    expect(html).toContain('Seite 1 von 3');

    const page = await site.page();
    const cspViolations = await watchCsp(page);
    await openGallery(page);
    expect(await page.locator('main h1').textContent()).toBe('Referenzen');
    expect(await combobox(page).textContent()).toContain('Kategorie wählen');
    expect(await cards(page).count()).toBe(10);
    expect((await cardTitles(page))[0]).toBe(newest.de);
    await page.getByText('Seite 1 von 3', { exact: true }).waitFor();
    expect(await step(page, 'prev').getAttribute('aria-disabled')).toBe('true');
    expect(await step(page, 'prev').getAttribute('href')).toBeNull();
    expect(await step(page, 'next').getAttribute('href')).toBe('/Projects?page=2');
    expect(await allLink(page).getAttribute('aria-current')).toBe('true');

    const images = await page.locator('main ul[data-cards] img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        sources: Array.from(img.parentElement!.querySelectorAll('source'), (s) => s.getAttribute('type')),
      })),
    );
    expect(images).toHaveLength(10);
    for (const image of images) {
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
      expect(image.sources).toEqual(['image/avif', 'image/webp']);
    }
    // The first card is above the fold; the rest load as they come near.
    expect(images.map((i) => i.loading)).toEqual(['eager', ...Array(9).fill('lazy')]);
    const card = cards(page).first();
    expect(await card.getByRole('link').getAttribute('href')).toMatch(/^\/project\/\d+$/);
    expect(await card.textContent()).toContain('Frankfurt am Main');
    // Paging loads the next view in place: nothing in that may break the CSP.
    await markDocument(page);
    await step(page, 'next').click();
    await showsPage(page, 'Seite 2 von 3');
    expect(await sameDocument(page)).toBe(true);
    expect(await cspViolations()).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(page.outside).toEqual([]);
  });

  it('pages with Prev and Next, keeps the page in the address, and the back button brings it back', async () => {
    const page = await site.page();
    await openGallery(page);
    await step(page, 'next').click();
    await showsPage(page, 'Seite 2 von 3');
    expect(search(page).get('page')).toBe('2');
    const second = await cardTitles(page);
    expect(second).toHaveLength(10);
    expect(second).not.toContain(newest.de);
    // The keyboard stays where it was: on the control that was used.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-gallery-focus'))).toBe('next');

    await step(page, 'next').click();
    await showsPage(page, 'Seite 3 von 3');
    expect(await cards(page).count()).toBe(4);
    expect(await step(page, 'next').getAttribute('aria-disabled')).toBe('true');

    await page.goBack();
    await showsPage(page, 'Seite 2 von 3');
    expect(await cardTitles(page)).toEqual(second);
    await page.goBack();
    await showsPage(page, 'Seite 1 von 3');
    expect(search(page).has('page')).toBe(false);
    await page.goForward();
    await showsPage(page, 'Seite 2 von 3');

    await step(page, 'prev').click();
    await showsPage(page, 'Seite 1 von 3');
    expect(await step(page, 'prev').getAttribute('aria-disabled')).toBe('true');
    expect(page.errors).toEqual([]);
  });

  it('shows 10, 20 or 30 rows per page', async () => {
    const page = await site.page();
    await openGallery(page);
    const rows = page.getByLabel('Einträge pro Seite');
    expect(await rows.inputValue()).toBe('10');
    expect(await rows.locator('option').allTextContents()).toEqual(['10', '20', '30']);
    // The form's button is for browsers without JavaScript; with it, a change is enough.
    expect(await page.getByRole('button', { name: 'Anzeigen' }).isVisible()).toBe(false);
    await rows.selectOption('20');
    await showsPage(page, 'Seite 1 von 2');
    expect(await cards(page).count()).toBe(20);
    expect(search(page).get('rows')).toBe('20');
    await step(page, 'next').click();
    await showsPage(page, 'Seite 2 von 2');
    expect(await cards(page).count()).toBe(4);
    await page.getByLabel('Einträge pro Seite').selectOption('30');
    await showsPage(page, 'Seite 1 von 1');
    expect(await cards(page).count()).toBe(24);
    expect(await step(page, 'prev').getAttribute('aria-disabled')).toBe('true');
    expect(await step(page, 'next').getAttribute('aria-disabled')).toBe('true');
  });

  it('filters by category with the mouse, shows its name, and All clears the filter', async () => {
    const page = await site.page();
    await openGallery(page);
    await combobox(page).click();
    const list = categoryMenu(page).locator('ul');
    await list.waitFor();
    // The list is at most 15rem high and scrolls.
    const style = await list.evaluate((el) => ({
      maxHeight: getComputedStyle(el).maxHeight,
      overflowY: getComputedStyle(el).overflowY,
    }));
    expect(style).toEqual({ maxHeight: '240px', overflowY: 'auto' });
    expect(await list.getByRole('link').allTextContents()).toEqual([
      'Industrie und Gewerbe',
      'Kirchen und Baudenkmäler',
      'Öffentliche Gebäude',
      'Photovoltaik und Windenergie',
      'Rechenzentren',
      'Umspannwerke und Energieversorgung',
    ]);
    await list.getByRole('link', { name: 'Rechenzentren' }).click();
    await showsPage(page, 'Seite 1 von 1');
    expect(await combobox(page).textContent()).toContain('Rechenzentren');
    expect(await categoryMenu(page).getAttribute('open')).toBeNull();
    expect(await cards(page).count()).toBe(4);
    for (const card of await cards(page).allTextContents()) expect(card).toContain('Rechenzentren');
    expect(search(page).get('category')).toMatch(/^\d+$/);
    expect(await allLink(page).getAttribute('aria-current')).toBeNull();
    await page.getByText('4 Projekte in „Rechenzentren“').waitFor();

    await allLink(page).click();
    await showsPage(page, 'Seite 1 von 3');
    expect(await combobox(page).textContent()).toContain('Kategorie wählen');
    expect(search(page).has('category')).toBe(false);
    expect(await cards(page).count()).toBe(10);

    // Back: the filter returns.
    await page.goBack();
    await showsPage(page, 'Seite 1 von 1');
    expect(await combobox(page).textContent()).toContain('Rechenzentren');
    expect(page.errors).toEqual([]);
  });

  it('works by keyboard: open, move, choose, close', async () => {
    const page = await site.page();
    await openGallery(page);
    await combobox(page).focus();
    await page.keyboard.press('Enter');
    expect(await categoryMenu(page).getAttribute('open')).toBe('');
    // Tab to the third category (alphabetical), Enter chooses it.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Öffentliche Gebäude');
    await page.keyboard.press('Enter');
    await showsPage(page, 'Seite 1 von 1');
    expect(await combobox(page).textContent()).toContain('Öffentliche Gebäude');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-gallery-focus'))).toBe('category');

    // Escape closes without changing.
    await page.keyboard.press('Enter');
    expect(await categoryMenu(page).getAttribute('open')).toBe('');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    expect(await categoryMenu(page).getAttribute('open')).toBeNull();
    expect(await combobox(page).textContent()).toContain('Öffentliche Gebäude');
    expect(page.errors).toEqual([]);
  });

  it('restores filter, page and rows from a link, and sends an address past the end to the last page', async () => {
    const categories = (await (await fetch(`${site.url}/api/v1/Category?Language=2`)).json()) as CategoryList;
    const industry = categories.data.find((c) => c.translation[0]!.content === 'Industrie und Gewerbe')!;
    const page = await site.page();
    await openGallery(page, `/Projects?category=${industry.id}&rows=20`);
    expect(await combobox(page).textContent()).toContain('Industrie und Gewerbe');
    expect(await page.getByLabel('Einträge pro Seite').inputValue()).toBe('20');
    expect(await cards(page).count()).toBe(4);

    // The server answers an address past the end with the last page's address (defaults left out: the page's own address).
    const past = await fetch(`${site.url}/Projects?page=9&rows=10`, { redirect: 'manual' });
    expect(past.status).toBe(302);
    expect(past.headers.get('location')).toBe('/Projects?page=3');
    await openGallery(page, '/Projects?page=9');
    await showsPage(page, 'Seite 3 von 3');
    expect(search(page).get('page')).toBe('3');
    expect(await cards(page).count()).toBe(4);

    // Nonsense in the address means the defaults, not an error.
    await openGallery(page, '/Projects?page=abc&rows=15&category=-4');
    await showsPage(page, 'Seite 1 von 3');
    expect(await cards(page).count()).toBe(10);
    expect(page.errors).toEqual([]);
  });

  it('says so when a category has no project, and offers all projects', async () => {
    const login = await fetch(`${site.url}/api/v1/login/Auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const { jwtToken: token } = (await login.json()) as LoginResponse;
    const created = await fetch(`${site.url}/api/v1/Category`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Windparks',
        translation: [
          { content: 'Windparks', language: 2 },
          { content: 'Wind farms', language: 1 },
        ],
      }),
    });
    const category = (await created.json()) as Category;
    const page = await site.page();
    await openGallery(page);
    await chooseCategory(page, 'Windparks');
    await page.getByRole('heading', { name: 'Keine Projekte in dieser Kategorie' }).waitFor();
    expect(await page.getByText('Seite 1 von 1', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Alle Projekte zeigen' }).click();
    await showsPage(page, 'Seite 1 von 3');
    await fetch(`${site.url}/api/v1/Category/${category.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
  });

  it('marks the gallery busy while a view loads, and loads the page whole when that fails', async () => {
    const page = await site.page();
    await openGallery(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let failing = true;
    await page.route('**/Projects?page=2', async (route) => {
      if (route.request().resourceType() === 'document') return route.continue();
      await held;
      if (failing) {
        failing = false;
        await route.fulfill({ status: 503, contentType: 'text/html', body: 'unavailable' });
      } else await route.continue();
    });
    await markDocument(page);
    await step(page, 'next').click();
    // The previous cards stay, marked busy, until the new ones are there.
    await page.locator('[data-gallery][aria-busy="true"]').waitFor();
    release();
    // A failed load in place becomes an ordinary page load of the address.
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await showsPage(page, 'Seite 2 von 3');
    expect(await sameDocument(page)).toBe(false);
    expect(await cards(page).count()).toBe(10);
  });

  it('speaks English with ?lang=en, and keeps the language in its links', async () => {
    const page = await site.page();
    await openGallery(page, '/Projects?lang=en');
    expect(await page.locator('main h1').textContent()).toBe('References');
    expect(await combobox(page).textContent()).toContain('Select Category');
    await page.getByText('Page 1 Of 3', { exact: true }).waitFor();
    expect(await step(page, 'prev').getAttribute('aria-disabled')).toBe('true');
    expect(await step(page, 'next').getAttribute('href')).toBe('/Projects?page=2&lang=en');
    expect((await cardTitles(page))[0]).toBe(newest.en);
    await chooseCategory(page, 'Data centres');
    await page.getByText('4 projects in “Data centres”').waitFor();

    await page.locator('summary', { hasText: /^Select language/ }).click();
    await page.getByRole('link', { name: 'DEUTSCH' }).click();
    await page.getByText('Seite 1 von 1', { exact: true }).waitFor();
    expect(await combobox(page).textContent()).toContain('Rechenzentren');
    expect((await cardTitles(page))[0]).toBe('Neubau eines Rechenzentrums, Blitzschutzklasse I');
    expect(page.errors).toEqual([]);
  });

  it('is reachable page by page by following links from /Projects, as a crawler does', async () => {
    const seen = new Set<string>();
    let address: string | undefined = '/Projects';
    while (address) {
      const html = await (await fetch(site.url + address)).text();
      for (const [, id] of html.matchAll(/href="\/project\/(\d+)"/g)) seen.add(id!);
      address = html.match(/<a href="([^"]+)" rel="next"/)?.[1]?.replace(/&amp;/g, '&');
    }
    const all = (await (await fetch(`${site.url}/api/v1/Project?PageLength=100`)).json()) as ProjectList;
    expect(seen.size).toBe(all.count);
    // Each view has its own canonical address.
    const second = await (await fetch(`${site.url}/Projects?page=2`)).text();
    expect(second).toContain('<link rel="canonical" href="https://www.example.com/Projects?page=2" />');
  });

  it('lays the cards out in one column on a phone and three on a desktop', async () => {
    for (const [viewport, columns] of [
      [viewports.phone, 1],
      [viewports.desktop, 3],
    ] as const) {
      const page = await site.page({ viewport });
      await openGallery(page);
      const lefts = await cards(page).evaluateAll((items) =>
        items.slice(0, 6).map((li) => Math.round(li.getBoundingClientRect().left)),
      );
      expect(new Set(lefts).size, `${viewport.width}px`).toBe(columns);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
  });

  it('has no accessibility violation, with the list open too, in both languages', async () => {
    for (const lang of ['de', 'en']) {
      for (const viewport of [viewports.desktop, viewports.phone]) {
        const page = await site.page({ viewport });
        await openGallery(page, `/Projects?lang=${lang}`);
        let violations = await axeViolations(page);
        expect(violations, `${lang} ${viewport.width}\n${describeViolations(violations)}`).toEqual([]);
        await combobox(page).click();
        violations = await axeViolations(page);
        expect(violations, `${lang} ${viewport.width} open\n${describeViolations(violations)}`).toEqual([]);
      }
    }
  });
});

describe('a project page', () => {
  async function firstProjectId(): Promise<number> {
    const list = (await (await fetch(`${site.url}/api/v1/Project?PageLength=1`)).json()) as ProjectList;
    return list.data[0]!.id;
  }

  it('shows picture, location, scope of works, work duration and content, in either language', async () => {
    const page = await site.page();
    await openGallery(page);
    await cards(page).first().getByRole('link').click();
    await page.waitForURL(/\/project\/\d+$/);
    await page.locator('main h1', { hasText: newest.de }).waitFor();
    const main = page.locator('main');
    for (const text of [
      'Standort',
      'Frankfurt am Main',
      'Ausführungszeitraum',
      '02/2025 – 10/2025',
      'Leistungsumfang',
      'Über das Projekt',
      'Rechenzentren',
    ]) {
      await main.getByText(text, { exact: true }).first().waitFor();
    }
    expect(await main.locator('li', { hasText: 'Risikoanalyse nach DIN EN 62305-2' }).count()).toBe(1);
    const picture = main.locator('picture img');
    expect(await picture.getAttribute('alt')).toBe(newest.de);
    expect(await picture.getAttribute('loading')).toBe('eager');
    expect(Number(await picture.getAttribute('width'))).toBeGreaterThan(0);
    expect(await page.title()).toContain(newest.de);

    await page.locator('summary', { hasText: /^Sprache wählen/ }).click();
    await page.getByRole('link', { name: 'ENGLISH' }).click();
    await page.locator('main h1', { hasText: newest.en }).waitFor();
    for (const text of ['Location', 'Work Duration', 'Scope of Works', 'Data centres'])
      await main.getByText(text, { exact: true }).first().waitFor();
    expect(await main.locator('li', { hasText: 'Risk assessment to DIN EN 62305-2' }).count()).toBe(1);
    await page.waitForFunction((title) => document.title.includes(title), newest.en);

    await page.getByRole('link', { name: 'All references' }).click();
    await page.waitForURL(/\/Projects$/);
    expect(page.errors).toEqual([]);
  });

  it('is server-rendered in the visitor’s language, with its own title, description and link preview', async () => {
    const id = await firstProjectId();
    const html = await (await fetch(`${site.url}/project/${id}?lang=en`)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(new RegExp(`<title>${newest.en} – [^<]+</title>`));
    expect(html).toContain('<meta name="description" content="The operator specified lightning protection level I');
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/media\/projects\/[a-f0-9]{20}-1600\.webp" \/>/);
    expect(html).toContain(`<link rel="canonical" href="`);
    expect(html).not.toContain('noindex');
    expect(html).toContain('Scope of Works');
    const german = await (await fetch(`${site.url}/project/${id}`)).text();
    expect(german).toContain(`<title>${newest.de}`);
    expect(german).toContain('Leistungsumfang');
  });

  it('is styled by the page’s own inline CSS before any interaction, as is the gallery', async () => {
    const id = await firstProjectId();
    const page = await site.page();
    // No pointer, key or focus: the full stylesheet is not loaded (it waits for an intent).
    await page.goto(`${site.url}/project/${id}`);
    const detail = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        facts: style('main aside section').paddingTop,
        bulletPainted: style('main aside li > span').backgroundColor !== 'rgba(0, 0, 0, 0)',
        content: style('main section:last-of-type > div').fontSize,
      };
    });
    expect(detail).toEqual({ facts: '24px', bulletPainted: true, content: '18px' });
    await page.goto(`${site.url}/Projects`);
    const card = await page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
      return {
        gap: style('main ul[data-cards] li p:last-child').columnGap,
        category: style('main ul[data-cards] li p').textTransform,
      };
    });
    expect(card).toEqual({ gap: '6px', category: 'uppercase' });
  });

  it('sends an unknown, a missing or a malformed id to the home page', async () => {
    const page = await site.page();
    for (const path of ['/project/999999', '/project/abc', '/project/0', '/project/']) {
      await page.goto(site.url + path);
      expect(new URL(page.url()).pathname, path).toBe('/');
    }
    expect(page.errors).toEqual([]);
  });

  it('has no accessibility violation in either language, on a phone and a desktop', async () => {
    const id = await firstProjectId();
    for (const lang of ['de', 'en']) {
      for (const viewport of [viewports.desktop, viewports.phone]) {
        const page = await site.page({ viewport });
        await page.goto(`${site.url}/project/${id}?lang=${lang}`);
        await hydrated(page);
        const violations = await axeViolations(page);
        expect(violations, `${lang} ${viewport.width}\n${describeViolations(violations)}`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
    }
  });
});
