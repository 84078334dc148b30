import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectList } from '@blitz/contract';
import type { Page } from 'playwright-core';
import { useSite } from '../support/harness';

const site = useSite();
beforeAll(() => site.start());

/** Pages of a PDF as Chromium writes it: one `/Type /Page` object each. */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;

/** What a printed page must leave out, and what it must keep. */
async function checkPrinted(page: Page, path: string) {
  await page.emulateMedia({ media: 'print' });
  const hidden = {
    'skip link': 'a[href="#main"]',
    'navbar menu and language menu': 'header nav > :not(:first-child)',
    'contact form': 'footer form',
    'footer links': 'footer nav',
    'map consent box': '[aria-labelledby="contact-map"], [aria-labelledby="map-heading"], iframe',
  };
  for (const [what, selector] of Object.entries(hidden)) {
    const elements = page.locator(selector);
    for (let i = 0; i < (await elements.count()); i++) expect(await elements.nth(i).isVisible(), `${path}: ${what}`).toBe(false);
  }
  // Kept: the company's name at the top, the page's title, the company's address at the end.
  expect(await page.locator('header nav > a').first().isVisible(), `${path}: name`).toBe(true);
  expect(await page.locator('main h1').isVisible(), `${path}: title`).toBe(true);
  expect(await page.locator('footer address').isVisible(), `${path}: address`).toBe(true);
  // No navy ground behind the navbar and the title band, dark text on them.
  const header = await page.locator('header').evaluate((h) => ({ ...getComputedStyle(h) }));
  expect(header.backgroundColor, path).toBe('rgba(0, 0, 0, 0)');
  expect(header.position, path).toBe('static');
  const title = await page.locator('main h1').evaluate((h) => getComputedStyle(h).color);
  expect(title, path).not.toBe('rgb(255, 255, 255)');
  await page.emulateMedia({ media: 'screen' });
}

describe('printing', () => {
  it('leaves out the navbar’s ground and menus, the contact form, the map and the footer’s links, before and after the full stylesheet', async () => {
    const { data } = (await (await fetch(`${site.url}/api/v1/Project?PageLength=1`)).json()) as ProjectList;
    const paths = [`/project/${data[0]!.id}`, '/impressum', '/jobs', '/contactus', '/'];
    for (const path of paths) {
      const page = await site.page();
      await page.goto(site.url + path);
      // On screen the menu is there (desktop width): what follows is print's doing.
      expect(await page.locator('header nav > ul').first().isVisible(), path).toBe(true);
      // As the page first arrives: only its inline critical CSS.
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      await checkPrinted(page, path);
      // After an interaction (Ctrl+P is one) the full stylesheet is in place.
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.querySelector('link[rel="stylesheet"]') && document.styleSheets.length > 1);
      await checkPrinted(page, `${path} (full stylesheet)`);
      expect(page.errors, path).toEqual([]);
      await page.close();
    }
  });

  it('prints a project on two A4 pages and the job openings on two, as before the navbar, form and footer took four each', async () => {
    const { data } = (await (await fetch(`${site.url}/api/v1/Project?PageLength=1`)).json()) as ProjectList;
    for (const [path, most] of [
      [`/project/${data[0]!.id}`, 2],
      ['/jobs', 2],
    ] as const) {
      const page = await site.page();
      await page.goto(site.url + path, { waitUntil: 'networkidle' });
      await page.emulateMedia({ media: 'print' });
      // With the margins a browser's print dialog sets by default (page.pdf has none).
      const margin = { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' };
      const pages = pdfPages(await page.pdf({ format: 'A4', margin }));
      expect(pages, path).toBeGreaterThan(0);
      expect(pages, path).toBeLessThanOrEqual(most);
      await page.close();
    }
  });
});
