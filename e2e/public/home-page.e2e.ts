import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../support/harness';
import { hydrated, withLang } from '../support/public-pages';

// The home page: hero, tiles, service cards, partners, and the statistics counters.

const site = useSite();
beforeAll(() => site.start());

describe('home page', () => {
  it('has the hero with its Contact button, four value tiles, three service cards with 6, 8 and 8 points, three lightning blocks', async () => {
    const page = await site.page();
    await page.goto(site.url + '/');
    await hydrated(page);
    expect(await page.locator('#values-heading + ul > li').count()).toBe(4);
    for (const [service, count] of [
      ['planning', 6],
      ['installation', 8],
      ['maintenance', 8],
    ] as const) {
      expect(await page.locator(`[data-service="${service}"] li`).count(), service).toBe(count);
    }
    expect(await page.locator('section[aria-labelledby="lightning-heading"] h3').allInnerTexts()).toEqual([
      'Äußerer Blitzschutz',
      'Innerer Blitzschutz',
      'Erdung',
    ]);
    await page.getByRole('link', { name: 'Kontakt aufnehmen' }).click();
    await page.waitForURL((url) => url.pathname === '/contactus');
    await page.getByRole('heading', { level: 1, name: 'Kontakt' }).waitFor();
  });

  it('shows the three partner links from medium width up only', async () => {
    const page = await site.page({ viewport: { width: 390, height: 844 } });
    await page.goto(site.url + '/');
    expect(await page.locator('section[aria-labelledby="partners-heading"]').isVisible()).toBe(false);
    await page.setViewportSize({ width: 800, height: 900 });
    const links = page.locator('section[aria-labelledby="partners-heading"] a');
    expect(await links.count()).toBe(3);
    for (const link of await links.all()) {
      expect(await link.isVisible()).toBe(true);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('href')).toMatch(/^https:\/\//);
    }
  });
});

describe('statistics counters', () => {
  const targets = {
    de: ['8', '210.000', '300.000', '29', '40', '514'],
    en: ['8', '210,000', '300,000', '29', '40', '514'],
  };
  const figures = (page: Page) => page.locator('[data-stat]').allInnerTexts();

  for (const lang of ['de', 'en'] as const) {
    it(`run once from 0 to their targets when the strip comes into view (${lang})`, async () => {
      // A short window: the strip starts below it.
      const page = await site.page({ viewport: { width: 390, height: 500 } });
      await page.goto(site.url + withLang('/', lang));
      await hydrated(page);
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll('[data-stat]')).every((el) => el.textContent === '0'),
      );
      // Every value each counter shows from now on.
      await page.evaluate(() => {
        const seen: Record<string, string[]> = {};
        (window as unknown as { seen: typeof seen }).seen = seen;
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-stat]'))) {
          seen[el.dataset['stat']!] = [el.textContent!];
          new MutationObserver(() => seen[el.dataset['stat']!]!.push(el.textContent!)).observe(el, {
            childList: true,
            characterData: true,
            subtree: true,
          });
        }
      });
      await page.locator('#stats-heading').scrollIntoViewIfNeeded();
      await page.waitForFunction((wanted) => {
        const shown = Array.from(document.querySelectorAll('[data-stat]')).map((el) => el.textContent);
        return JSON.stringify(shown) === JSON.stringify(wanted);
      }, targets[lang]);
      const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, string[]> }).seen);
      const number = (text: string) => Number(text.replace(/[.,]/g, ''));
      for (const [key, values] of Object.entries(seen)) {
        expect(values[0], key).toBe('0');
        expect(values.length, `${key} counted up in steps`).toBeGreaterThan(2);
        expect(values.map(number), key).toEqual([...values.map(number)].sort((a, b) => a - b));
      }
      // Screen readers get the targets, not the running figures.
      expect(await page.locator('[data-stat] + .sr-only').allInnerTexts()).toEqual(targets[lang]);
      // Once only: out of view and back, nothing runs again.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.locator('#stats-heading').scrollIntoViewIfNeeded();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
      const after = await page.evaluate(() => (window as unknown as { seen: Record<string, string[]> }).seen);
      expect(after).toEqual(seen);
    });
  }

  it('show their targets at once to visitors who prefer reduced motion', async () => {
    const page = await site.page({ viewport: { width: 390, height: 500 } });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(site.url + '/');
    await hydrated(page);
    expect(await figures(page)).toEqual(targets.de);
    await page.locator('#stats-heading').scrollIntoViewIfNeeded();
    expect(await figures(page)).toEqual(targets.de);
  });
});
