import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../support/harness';
import { hydrated } from '../support/public-pages';

const site = useSite();
beforeAll(() => site.start());

const osm = 'https://www.openstreetmap.org';

/** No internet in the tests: OpenStreetMap's answer is faked, its requests still counted. */
async function fakeOpenStreetMap(page: Page) {
  await page.route(`${osm}/**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>map</title><p>map</p>' }),
  );
}

/** The map's behaviour comes with the page's island script; scrolled to, it is ready. */
async function mapReady(page: Page) {
  await hydrated(page);
  await page.locator('#location-map').scrollIntoViewIfNeeded();
}

async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 300) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });
}

describe('the map', () => {
  it('needs no code of its own: the island script of the page runs it', async () => {
    const page = await site.page();
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname));
    await page.goto(site.url + '/');
    await mapReady(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /location-map|contact-island|i18n/.test(s))).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  for (const path of ['/', '/contactus']) {
    it(`on ${path} requests nothing from a third party until the visitor agrees`, async () => {
      const page = await site.page();
      await fakeOpenStreetMap(page);
      await page.goto(site.url + path);
      await hydrated(page);
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      expect(page.outside).toEqual([]);
      expect(await page.locator('iframe').count()).toBe(0);
      const newTab = page.getByRole('link', { name: /Karte in neuem Tab öffnen/ });
      expect(await newTab.getAttribute('href')).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
      expect(await newTab.getAttribute('target')).toBe('_blank');

      const mapRequest = page.waitForRequest((request) => request.url().startsWith(osm));
      await mapReady(page);
      await page.getByRole('button', { name: 'Karte laden' }).click();
      const frame = page.locator('iframe');
      await frame.waitFor();
      expect(await frame.getAttribute('title')).toBe('Karte: Standort von Musterblitz in Hanau');
      expect(await frame.evaluate((el) => el === document.activeElement)).toBe(true);
      await mapRequest;
      expect(page.outside.length).toBeGreaterThan(0);
      expect(page.outside.every((url) => url.startsWith(osm))).toBe(true);
      expect(page.errors).toEqual([]);
    });
  }

  it('is allowed to frame OpenStreetMap only on the pages with a map', async () => {
    for (const [path, allowed] of [
      ['/', true],
      ['/contactus', true],
      ['/jobs', false],
      ['/Services', false],
      ['/impressum', false],
    ] as const) {
      const csp = (await fetch(site.url + path)).headers.get('content-security-policy') ?? '';
      expect(csp.includes(`frame-src ${osm}`), path).toBe(allowed);
    }
  });

  it('remembers the choice when asked to, and forgets it again', async () => {
    const page = await site.page();
    await fakeOpenStreetMap(page);
    await page.goto(site.url + '/contactus');
    await mapReady(page);
    // Without "remember", the next visit asks again.
    await page.getByRole('button', { name: 'Karte laden' }).click();
    await page.locator('iframe').waitFor();
    await page.reload();
    await mapReady(page);
    expect(await page.getByRole('button', { name: 'Karte laden' }).count()).toBe(1);
    expect(await page.locator('iframe').count()).toBe(0);
    // With it, the map comes at once on the next visit, here and on the home page.
    await page.getByRole('checkbox', { name: 'Auswahl merken' }).check();
    await page.getByRole('button', { name: 'Karte laden' }).click();
    await page.reload();
    await mapReady(page);
    await page.locator('iframe').waitFor();
    await page.goto(site.url + '/');
    await mapReady(page);
    await page.locator('iframe').waitFor();
    // Hiding it forgets the choice.
    await page.getByRole('button', { name: 'Karte ausblenden und Auswahl vergessen' }).click();
    expect(await page.locator('iframe').count()).toBe(0);
    await page.reload();
    await mapReady(page);
    expect(await page.getByRole('button', { name: 'Karte laden' }).count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('mapConsent'))).toBeNull();
  });
});
