import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, jobPath } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken, sendInquiry } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// The dashboard's Statistics tab against the real server: visits made as a browser's (the test
// browser itself says HeadlessChrome, a bot, and is never counted), an inquiry sent from a page,
// then the tab in both languages at phone and desktop width.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0', STATISTICS_FLUSH_MS: '200' });
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const visit = async (path: string, headers: Record<string, string>) => {
  const res = await fetch(site.url + path, { headers });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  await site.start();
  await visit('/', { 'user-agent': firefox, referer: 'https://www.google.com/' });
  await visit('/Projects', { 'user-agent': firefox, referer: `${site.url}/` });
  await visit('/?lang=en&utm_source=flyer&utm_campaign=messe', { 'user-agent': iphone });
  await sendInquiry(
    site.url,
    {
      subject: 'priceInquiry',
      firstName: 'Max',
      lastName: 'Mustermann',
      phone: '+49 6181 12345',
      email: 'max@example.org',
      message: 'Angebot, bitte.',
      CompanyName: 'Beispiel GmbH',
      CompanyAddress: 'Hafenstraße 5',
      BuildingSize: '2400 m²',
      Regards: 'lps',
      language: 'de',
    },
    { headers: { 'user-agent': firefox, referer: `${site.url}/Projects` } },
  );
  // Written in the next batch (every 200 ms here).
  const token = await apiLogin(site.url);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  for (;;) {
    const stats = await api<{ visitors: number; inquiries: number }>(
      site.url,
      token,
      'GET',
      `${apiRoutes.statistics.counts}?From=${today}&To=${today}`,
    );
    if (stats.visitors === 2 && stats.inquiries === 1) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});

async function statisticsTab(options: { phone?: boolean; lang: 'en' | 'de' }) {
  const page = await site.page({ viewport: options.phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${options.lang}&tab=statistics`);
  await page.locator('main figure svg[role="img"]').waitFor();
  return page;
}

describe('the Statistics tab', () => {
  it('shows visitors, inquiries, the chart with its table, pages and sources, in English on a desktop', async () => {
    const page = await statisticsTab({ lang: 'en' });
    await page.locator('main').getByRole('tab', { name: 'Statistics', selected: true }).waitFor();
    const figures = await page.locator('main dl').innerText();
    expect(figures).toMatch(/Visitors\s+2/);
    expect(figures).toMatch(/Page views\s+3/);
    expect(figures).toMatch(/Inquiries\s+1/);
    expect(figures).toMatch(/Inquiries per 100 visitors\s+50\.0/);
    const sources = page.getByRole('table', { name: 'Sources and campaigns' });
    expect(await sources.locator('tbody tr').allInnerTexts()).toEqual(['flyer\tmesse\t1\t0\t0', 'google.com\t–\t1\t1\t0']);
    const german = page.getByRole('table', { name: 'Most visited pages in German' });
    // Each page by its name in the dashboard's language, its path beside it.
    expect(await german.locator('tbody tr').allInnerTexts()).toEqual(['Home\n/\n\t1\t1\t0', 'References\n/Projects\n\t1\t1\t1']);
    // Inquiries per type, by the type's name in the dashboard's language (issue 44).
    const types = page.getByRole('table', { name: 'Inquiries by type' });
    expect(await types.locator('tbody tr').allInnerTexts()).toEqual(['Price inquiry\t1']);
    // Days as bars, never a smoothed curve that makes a few visits look like a trend.
    const day = page.locator('main figure svg g[data-day]').first();
    expect(await day.locator('rect[data-series]').count()).toBe(2);
    expect(await page.locator('main figure svg path, main figure svg polyline').count()).toBe(0);
    // Each day's numbers on hover: the day's title.
    expect(await day.locator('title').textContent()).toMatch(/^\d\d-\d\d: Visitors \d+, Inquiries \d+$/);
    await page.getByText('The numbers as a table').click();
    await page.getByRole('table', { name: 'Visitors and inquiries per day' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(page.outside).toEqual([]);
  });

  it('says the same in German and fits a phone', async () => {
    const page = await statisticsTab({ lang: 'de', phone: true });
    await page.locator('main').getByRole('tab', { name: 'Statistik', selected: true }).waitFor();
    expect(await page.locator('main dl').innerText()).toMatch(/Besucher\s+2/);
    await page.getByRole('table', { name: 'Quellen und Kampagnen' }).waitFor();
    const german = page.getByRole('table', { name: 'Meistbesuchte Seiten auf Deutsch' });
    expect(await german.locator('tbody tr').allInnerTexts()).toEqual([
      'Startseite\n/\n\t1\t1\t0',
      'Referenzen\n/Projects\n\t1\t1\t1',
    ]);
    const types = page.getByRole('table', { name: 'Anfragen nach Art' });
    expect(await types.locator('tbody tr').allInnerTexts()).toEqual(['Preisanfrage\t1']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const chart = await page.locator('main figure').boundingBox();
    expect(chart!.width).toBeLessThanOrEqual(viewports.phone.width);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('shows in the inbox where the inquiry came from', async () => {
    const page = await site.page();
    await openWithToken(page, site.url, await apiLogin(site.url), '/dashboard?lang=en&tab=inquiries');
    await page.locator('main tbody tr[data-inquiry]').getByRole('button', { name: /^Open/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { level: 3 }).first().waitFor();
    await dialog.getByText('google.com → / → /Projects').waitFor();
    expect(await dialog.innerText()).toContain('Came from');
  });

  it('exports what it shows as CSV', async () => {
    const page = await statisticsTab({ lang: 'en' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('"google.com";"";"1";"1";"0"');
  });

  it('lets a visitor object on the imprint, with or without the page script, and take it back', async () => {
    const page = await site.page({ locale: 'en-US' });
    await page.goto(`${site.url}/impressum?lang=en`);
    const cookie = async () => (await page.context().cookies()).find((c) => c.name === 'statistics-opt-out')?.value;
    await page.getByRole('link', { name: 'Object to the visitor count' }).click();
    await page.getByText('Your objection has been saved. Your visits are no longer counted.').waitFor();
    expect(await cookie()).toBe('1');
    await page.reload();
    await page.getByRole('link', { name: 'Withdraw my objection' }).click();
    await page.getByRole('link', { name: 'Object to the visitor count' }).waitFor();
    expect(await cookie()).toBeUndefined();
    expect(page.errors).toEqual([]);

    const without = await site.page({ javaScriptEnabled: false });
    await without.goto(`${site.url}/impressum`);
    await without.getByRole('link', { name: 'Der Besucherzählung widersprechen' }).click();
    await without.waitForURL(/\/impressum#analytics-opt-out$/);
    expect((await without.context().cookies()).find((c) => c.name === 'statistics-opt-out')?.value).toBe('1');
    // The prerendered page cannot know the cookie: without the script both links stay, and the second takes it back.
    await without.getByRole('link', { name: 'Widerspruch zurücknehmen' }).click();
    await without.waitForURL(/\/impressum#analytics-opt-out$/);
    expect((await without.context().cookies()).find((c) => c.name === 'statistics-opt-out')).toBeUndefined();
  });

  it('names the most viewed job openings by their title in the language of the dashboard', async () => {
    const token = await apiLogin(site.url);
    const job = await api<{ id: number }>(site.url, token, 'POST', apiRoutes.jobs.list, {
      title: [
        { content: 'Blitzschutzmonteur (m/w/d)', language: 2 },
        { content: 'Lightning protection installer (m/f/d)', language: 1 },
      ],
      tasks: [{ content: 'Montage von Fangeinrichtungen', language: 2 }],
      profile: [],
      offer: [],
      howToApply: [],
      location: 'Hanau',
      employmentType: 'FULL_TIME',
      startDate: null,
      validThrough: null,
      contact: 'Erika Musterfrau',
      published: true,
    });
    await visit(jobPath(job.id), { 'user-agent': iphone });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    for (;;) {
      const stats = await api<{ viewed: { jobs: unknown[] } }>(
        site.url,
        token,
        'GET',
        `${apiRoutes.statistics.counts}?From=${today}&To=${today}`,
      );
      if (stats.viewed.jobs.length === 1) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const english = await statisticsTab({ lang: 'en' });
    const jobs = english.getByRole('table', { name: 'Most viewed job openings' });
    expect(await jobs.locator('tbody td').allInnerTexts()).toEqual([
      `Lightning protection installer (m/f/d)\n/jobs/${job.id}`,
      '1',
    ]);
    // The job's page among the pages (visited in German) by its title as well.
    const pagesDe = english.getByRole('table', { name: 'Most visited pages in German' });
    expect(await pagesDe.locator('tbody tr').allInnerTexts()).toContain(
      `Lightning protection installer (m/f/d)\n/jobs/${job.id}\n\t1\t1\t0`,
    );
    const german = await statisticsTab({ lang: 'de', phone: true });
    const stellen = german.getByRole('table', { name: 'Meistgesehene Stellen' });
    expect(await stellen.locator('tbody td').allInnerTexts()).toEqual([`Blitzschutzmonteur (m/w/d)\n/jobs/${job.id}`, '1']);
  });

  it('lets an admin ask for the weekly summary mail with an address, and stop it', async () => {
    const page = await statisticsTab({ lang: 'en' });
    const section = page.getByRole('region', { name: 'Weekly summary by e-mail' });
    // The test site has no mail server: the tab says so.
    await section.getByText('No mail server is set up on this server (SMTP_URL).', { exact: false }).waitFor();
    await section.getByText('No summary has been sent to you yet.').waitFor();
    await section.getByRole('checkbox', { name: 'Send me the weekly summary' }).check();
    const address = section.getByRole('textbox', { name: 'To this e-mail address' });
    await address.fill('chefin@beispiel');
    await section.getByRole('button', { name: 'Save setting' }).click();
    await section.getByText('Please enter a valid e-mail address.').waitFor();
    await address.fill('chefin@beispiel.de');
    await section.getByRole('combobox', { name: 'Language of the mail' }).selectOption('de');
    await section.getByRole('button', { name: 'Save setting' }).click();
    await section.getByRole('status').getByText('Saved: the summary will reach you every Monday.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const again = await statisticsTab({ lang: 'de', phone: true });
    const mine = again.getByRole('region', { name: 'Wochenübersicht per E-Mail' });
    expect(await mine.getByRole('checkbox', { name: 'Wochenübersicht an mich schicken' }).isChecked()).toBe(true);
    expect(await mine.getByRole('textbox', { name: 'An diese E-Mail-Adresse' }).inputValue()).toBe('chefin@beispiel.de');
    expect(await mine.getByRole('combobox', { name: 'Sprache der Mail' }).inputValue()).toBe('de');
    await mine.getByRole('checkbox', { name: 'Wochenübersicht an mich schicken' }).uncheck();
    await mine.getByRole('button', { name: 'Einstellung speichern' }).click();
    await mine.getByRole('status').getByText('Gespeichert: Sie bekommen keine Übersicht mehr.').waitFor();
    expect(await again.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(again)).toEqual([]);
    expect(again.errors).toEqual([]);
  });

  it('says how many page views it left out: one address posing as more than 50 visitors a day (issue 40)', async () => {
    // Every visit of this test comes from the one loopback address, each with a user agent of its own.
    for (let i = 0; i < 60; i++) await visit('/Services', { 'user-agent': `${firefox} ${i}` });
    const token = await apiLogin(site.url);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    // The visits are counted in the background: wait until the counts show the cap at work.
    await expect
      .poll(async () => {
        const stats = await api<{ visitors: number; leftOutViews: number }>(
          site.url,
          token,
          'GET',
          `${apiRoutes.statistics.counts}?From=${today}&To=${today}`,
        );
        return stats.visitors === 50 && stats.leftOutViews > 0;
      })
      .toBe(true);
    // The figure itself is the API tests' business: counting may still go on while the tab reads it.
    const english = await statisticsTab({ lang: 'en' });
    await english.getByText(/^Left out: \d+ page views by visitors beyond 50 per network address and day/).waitFor();
    expect(await english.locator('main dl').innerText()).toMatch(/Visitors\s+50/);
    const german = await statisticsTab({ lang: 'de', phone: true });
    await german
      .getByText(/^Nicht mitgezählt: \d+ Seitenaufrufe von Besuchern über 50 je Netzwerkadresse und Tag hinaus/)
      .waitFor();
    expect(await german.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeViolations(german)).toEqual([]);
    expect(german.errors).toEqual([]);
  });
});
