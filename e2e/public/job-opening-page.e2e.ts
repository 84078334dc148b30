import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// A job opening's own page (issue 16): reached from the jobs table, in both languages, with
// JobPosting data for job search engines and an apply link that chooses the footer form's
// subject, with or without JavaScript. The sample jobs of an empty database are the content.

const site = useSite();
beforeAll(async () => {
  await site.start();
});

/** The page's JobPosting structured data. */
async function jobPosting(page: Awaited<ReturnType<typeof site.page>>): Promise<Record<string, unknown>> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]!) as Record<string, unknown>;
}

describe('a job’s page', () => {
  it('is reached from the table, shows the whole job in German and English, and names it for job search engines', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs');
    await page.locator('main table').getByRole('link', { name: 'Blitzschutzmonteur (m/w/d)' }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    const path = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: 'Blitzschutzmonteur (m/w/d)' }).waitFor();
    expect(await page.title()).toBe('Blitzschutzmonteur (m/w/d) – Stellenangebot | Musterblitz');
    const facts = await page.locator('main dl').innerText();
    expect(facts).toMatch(/Arbeitsort\s+Hanau/i);
    expect(facts).toMatch(/Anstellungsart\s+Vollzeit/i);
    expect(facts).toMatch(/Beginn\s+ab sofort/i);
    expect(await page.locator('main h2').allInnerTexts()).toEqual([
      'Ihre Aufgaben',
      'Ihr Profil',
      'Wir bieten',
      'So bewerben Sie sich',
    ]);
    expect(await page.locator('main').innerText()).toContain('Sie montieren Fangeinrichtungen');
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toMatch(new RegExp(`${path}$`));
    expect(await jobPosting(page)).toMatchObject({
      '@type': 'JobPosting',
      title: 'Blitzschutzmonteur (m/w/d)',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Musterblitz' },
      jobLocation: { address: { addressLocality: 'Hanau', addressCountry: 'DE' } },
    });
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${site.url}${path}?lang=en`);
    await page.getByRole('heading', { level: 1, name: 'Lightning protection installer (m/f/d)' }).waitFor();
    const english = await page.locator('main dl').innerText();
    expect(english).toMatch(/Employment type\s+Full-time/i);
    expect(english).toMatch(/Start\s+from now/i);
    expect(await page.locator('main h2').allInnerTexts()).toEqual([
      'Your tasks',
      'Your profile',
      'What we offer',
      'How to apply',
    ]);
    expect((await jobPosting(page))['title']).toBe('Lightning protection installer (m/f/d)');
    expect(await axeViolations(page)).toEqual([]);
    // Back to the list, in the same language.
    await page.getByRole('link', { name: 'All vacancies' }).click();
    await page.getByRole('heading', { level: 1, name: 'Careers' }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it('fits a phone without sideways scrolling', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await page.goto(site.url + '/jobs');
    await page.locator('main table').getByRole('link').first().click();
    await page.waitForURL(/\/jobs\/\d+$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
  });

  it('sends a visitor of an unknown job to the jobs page', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs/424242');
    expect(new URL(page.url()).pathname).toBe('/jobs');
  });

  it('applies through the footer form with the subject chosen, without JavaScript', async () => {
    const page = await site.page({ javaScriptEnabled: false });
    await page.goto(site.url + '/jobs?lang=en');
    await page
      .locator('main table')
      .getByRole('link', { name: /installer/ })
      .click();
    await page.waitForURL(/\/jobs\/\d+\?lang=en$/);
    expect(await page.locator('#contact-form select[name=subject]').inputValue()).toBe('');
    await page.getByRole('link', { name: 'Apply now' }).first().click();
    await page.waitForURL(/subject=application/);
    expect(new URL(page.url()).hash).toBe('#contact-form');
    const select = page.locator('#contact-form select[name=subject]');
    expect(await select.inputValue()).toBe('application');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('applies through the footer form with the subject chosen, with JavaScript once the form is used', async () => {
    const page = await site.page();
    await page.goto(site.url + '/jobs');
    await page.locator('main table').getByRole('link').first().click();
    await page.waitForURL(/\/jobs\/\d+$/);
    await page.getByRole('link', { name: 'Jetzt bewerben' }).first().click();
    await page.waitForURL(/subject=application/);
    const form = page.locator('#contact-form form');
    await form.locator('input[name=firstName]').fill('Erika');
    await page.locator('#contact-form[data-hydrated]').waitFor();
    expect(await form.locator('select[name=subject]').inputValue()).toBe('application');
    expect(page.errors).toEqual([]);
  });
});
