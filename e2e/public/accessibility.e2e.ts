import { beforeAll, describe, expect, it } from 'vitest';
import { useSite, viewports } from '../support/harness';
import { axeViolations, describeViolations, hydrated, publicPages, withLang } from '../support/public-pages';

const site = useSite();
beforeAll(() => site.start());

describe('axe finds no violation', () => {
  for (const lang of ['de', 'en'] as const) {
    for (const { path } of publicPages) {
      it(`on ${withLang(path, lang)}, on a desktop and on a phone`, async () => {
        for (const viewport of [viewports.desktop, viewports.phone]) {
          const page = await site.page({ viewport });
          await page.goto(site.url + withLang(path, lang));
          await hydrated(page);
          const violations = await axeViolations(page);
          expect(violations, `${path} ${lang} ${viewport.width}px\n${describeViolations(violations)}`).toEqual([]);
        }
      });
    }
  }

  it('with the mobile menu and the language list open', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await page.goto(site.url + '/jobs');
    await hydrated(page);
    await page.locator('header details[data-menu]:not(.relative) summary').click();
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.locator('summary', { hasText: /^Sprache wählen/ }).click();
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('with an FAQ answer open, and with no matching job', async () => {
    const page = await site.page();
    await page.goto(site.url + '/Blitzschutz?lang=en');
    await hydrated(page);
    await page.locator('[data-faq] summary').first().click();
    let violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await page.goto(site.url + '/jobs');
    await hydrated(page);
    await page.getByRole('searchbox').fill('nichts');
    violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
