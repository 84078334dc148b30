import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Project, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, dataUrlOf, pngBytes } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// A project's pictures on its page (issue 30): a gallery on a phone (swiped) and on a desktop (the
// arrow keys, the buttons, the links), in German and English, and without JavaScript.

const site = useSite({ SEED_SAMPLE: 'false' });
let project: Project;

const texts = [
  ['Fangstangen auf dem Dach', 'Air-termination rods on the roof'],
  ['Erdungsanlage im Graben', 'Earthing system in the trench'],
  ['Prüfung der Ableitungen', 'Testing the down conductors'],
] as const;

beforeAll(async () => {
  await site.start();
  const token = await apiLogin(site.url);
  const page = await site.page();
  const pictures = [];
  for (const [i, [de, en]] of texts.entries()) {
    pictures.push({
      url: dataUrlOf(await pngBytes(page, 900 + i * 100, 600)),
      alt: [
        { content: de, language: 2 },
        { content: en, language: 1 },
      ],
      focus: { x: 0.5, y: 0.5 },
    });
  }
  project = await api<Project>(site.url, token, 'POST', apiRoutes.projects.list, {
    title: [
      { content: 'Umspannwerk mit Bildern', language: 2 },
      { content: 'Substation with pictures', language: 1 },
    ],
    scopeOfWorks: [{ content: 'Erdung', language: 2 }],
    pictures,
  });
});

/** Which picture fills the track now (by its position), read when the scroll has settled. */
const shown = (page: Page) =>
  page.locator('[data-picture-track]').evaluate((track) => Math.round(track.scrollLeft / track.clientWidth));
const current = (page: Page) => page.locator('[data-picture-link][aria-current=true]').getAttribute('data-picture-link');

describe('a project page’s pictures', () => {
  it('on a desktop, in English: every picture with its text and size; arrow keys, buttons and links move one at a time', async () => {
    const page = await site.page({ viewport: viewports.desktop });
    await page.goto(`${site.url}/project/${project.id}?lang=en`);
    const gallery = page.getByRole('region', { name: 'Pictures of the project' });
    await gallery.waitFor();
    const images = gallery.locator('[data-picture-track] img');
    expect(await images.count()).toBe(3);
    for (const [i, [, en]] of texts.entries()) {
      expect(await images.nth(i).getAttribute('alt')).toBe(en);
      // Width and height set: the space is kept before the picture arrives.
      expect(await images.nth(i).getAttribute('width')).toMatch(/^\d+$/);
      expect(await images.nth(i).getAttribute('height')).toMatch(/^\d+$/);
    }
    const next = gallery.getByRole('button', { name: 'Next picture' });
    const previous = gallery.getByRole('button', { name: 'Previous picture' });
    await next.waitFor();
    expect(await previous.isDisabled()).toBe(true);

    await page.locator('[data-picture-track]').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown(page)).toBe(1);
    await expect.poll(() => current(page)).toBe('1');
    await page.keyboard.press('End');
    await expect.poll(() => shown(page)).toBe(2);
    expect(await next.isDisabled()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(page)).toBe(1);
    await previous.click();
    await expect.poll(() => shown(page)).toBe(0);
    await expect.poll(() => gallery.locator('[data-picture-status]').textContent()).toBe('Picture 1 of 3');
    // A link moves the gallery, not the page.
    const third = gallery.getByRole('link', { name: 'Show picture 3' });
    await third.scrollIntoViewIfNeeded();
    const scrollY = await page.evaluate(() => window.scrollY);
    await third.click();
    await expect.poll(() => shown(page)).toBe(2);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
    expect(page.errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('on a phone, in German: a swipe shows the next picture, and its link is marked', async () => {
    // A phone: a touch screen, as a phone's browser reports it.
    const browser = (await site.page()).context().browser()!;
    const context = await browser.newContext({ viewport: viewports.phone, hasTouch: true, isMobile: true, locale: 'de-DE' });
    const page = Object.assign(await context.newPage(), { errors: [] as string[] });
    page.on('pageerror', (e) => page.errors.push(String(e)));
    await page.goto(`${site.url}/project/${project.id}`);
    const gallery = page.getByRole('region', { name: 'Bilder des Projekts' });
    await gallery.getByRole('button', { name: 'Nächstes Bild' }).waitFor();
    expect(await gallery.locator('[data-picture-track] img').first().getAttribute('alt')).toBe(texts[0][0]);
    await page.locator('[data-picture-track]').scrollIntoViewIfNeeded();
    const box = (await page.locator('[data-picture-track]').boundingBox())!;
    // A swipe to the left: a finger down on the right, moved most of the way across, lifted.
    const cdp = await context.newCDPSession(page);
    const y = Math.round(box.y + box.height / 2);
    const from = Math.round(box.x + box.width * 0.85);
    const point = (x: number) => [{ x, y }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
    for (let step = 1; step <= 10; step++)
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: point(from - Math.round(box.width * 0.07 * step)),
      });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => shown(page)).toBe(1);
    await expect.poll(() => current(page)).toBe('1');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(page.errors).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('without JavaScript: every picture is in the page, and each link leads to its picture', async () => {
    const page = await site.page({ javaScriptEnabled: false });
    await page.goto(`${site.url}/project/${project.id}`);
    const gallery = page.getByRole('region', { name: 'Bilder des Projekts' });
    expect(await gallery.locator('[data-picture-track] img').count()).toBe(3);
    // The buttons need the script: hidden without it.
    expect(await gallery.getByRole('button').count()).toBe(0);
    await gallery.getByRole('link', { name: 'Bild zeigen 2' }).click();
    await page.waitForURL((url) => url.hash === '#picture-2');
    await expect.poll(() => shown(page)).toBe(1);
  });
});
