import { beforeAll, describe, expect, it } from 'vitest';
import { useSite } from '../support/harness';
import { hydrated, withLang } from '../support/public-pages';

// The lightning-protection FAQ (/Blitzschutz): answers opened one at a time, by mouse and keyboard.

const site = useSite();
beforeAll(() => site.start());

describe('lightning-protection FAQ', () => {
  it('opens one answer at a time, stacks and scrolls to it, and on closing returns to the row and the title', async () => {
    const page = await site.page({ viewport: { width: 1366, height: 700 } });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(site.url + '/Blitzschutz');
    await hydrated(page);
    const items = page.locator('[data-faq] details');
    const buttons = items.locator('summary');
    const accordion = page.locator('[data-faq]');
    const layout = () => accordion.evaluate((el) => getComputedStyle(el).display);
    expect(await buttons.count()).toBe(4);
    expect(await layout()).toBe('grid');
    expect(await page.locator('[data-faq] details[open]').count()).toBe(0);

    await buttons.nth(2).click();
    expect(await items.nth(2).getAttribute('open')).toBe('');
    const third = items.nth(2).locator('summary + div');
    expect(await third.isVisible()).toBe(true);
    expect(await third.innerText()).toMatch(/Potentialausgleichsschiene/);
    expect(await layout()).toBe('flex');
    await page.waitForFunction(() => {
      const top = document.querySelectorAll('[data-faq] summary')[2]!.getBoundingClientRect().top;
      return top >= 0 && top < 150;
    });

    // Opening another closes the first.
    await buttons.nth(0).click();
    expect(await items.nth(2).getAttribute('open')).toBeNull();
    expect(await third.isVisible()).toBe(false);
    expect(await items.nth(0).locator('ol > li').count()).toBe(7);

    // Closing: back to the row, and to the title.
    await buttons.nth(0).click();
    expect(await layout()).toBe('grid');
    await page.waitForFunction(() => window.scrollY < 150);
    expect(await page.locator('main h1').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(150);
  });

  it('shows the closed questions of a row as cards of one height, each opened from anywhere on it', async () => {
    const page = await site.page({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.url + '/Blitzschutz');
    const items = page.locator('[data-faq] details');
    const boxes = await Promise.all([0, 1, 2, 3].map((i) => items.nth(i).boundingBox()));
    // One row of four on a desktop, the questions of different lengths (three and four lines).
    expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1);
    const questions = await Promise.all([0, 1, 2, 3].map((i) => items.nth(i).locator('h2').boundingBox()));
    expect(new Set(questions.map((box) => Math.round(box!.height))).size).toBeGreaterThan(1);
    expect(new Set(boxes.map((box) => Math.round(box!.height))).size).toBe(1);
    // Below the shorter question, the card still opens its answer.
    const shortest = questions.findIndex((box) => box!.height === Math.min(...questions.map((q) => q!.height)));
    const card = boxes[shortest]!;
    await page.mouse.click(card.x + card.width / 2, card.y + card.height - 8);
    expect(await items.nth(shortest).getAttribute('open')).toBe('');
  });

  it('works by keyboard, with the answers about outer and inner protection', async () => {
    const page = await site.page();
    await page.goto(site.url + '/Blitzschutz?lang=en');
    await hydrated(page);
    const outer = page.locator('[data-faq] details', { hasText: 'What does external lightning protection comprise' });
    await outer.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await outer.getAttribute('open')).toBe('');
    expect(await outer.innerText()).toMatch(/air-termination system, the down-conductor system and the earth-termination system/);
    const inner = page.locator('[data-faq] details', { hasText: 'What is internal lightning protection' });
    await inner.locator('summary').focus();
    await page.keyboard.press('Space');
    expect(await inner.getAttribute('open')).toBe('');
    expect(await outer.getAttribute('open')).toBeNull();
    expect(await inner.innerText()).toMatch(/equipotential bonding bar/);
  });

  it('shows two illustrations with size and alternative text in both languages', async () => {
    for (const lang of ['de', 'en'] as const) {
      const page = await site.page();
      await page.goto(site.url + withLang('/Blitzschutz', lang));
      const images = page.locator('main figure img');
      expect(await images.count()).toBe(2);
      for (const image of await images.all()) {
        expect(await image.getAttribute('width')).toBe('640');
        expect(await image.getAttribute('height')).toBe('440');
        expect((await image.getAttribute('alt'))!.length).toBeGreaterThan(40);
      }
      expect(await images.first().getAttribute('alt')).toMatch(
        lang === 'de' ? /^Illustration des äußeren/ : /^Illustration of external/,
      );
    }
  });
});
