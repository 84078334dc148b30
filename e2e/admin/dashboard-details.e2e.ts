import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Job, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Small things found on the way (issue 29): German left of English in every bilingual form of
// the dashboard, and an e-mail address in a job's "how to apply" is a link.

const site = useSite({ SEED_SAMPLE: 'false' });
beforeAll(async () => {
  await site.start();
});

async function dashboard(tab: string): Promise<Page> {
  const page = await site.page({ viewport: viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=en&tab=${tab}`);
  return page;
}

/** The languages of a form's bilingual controls in order, and whether each German one is left of its English one. */
async function pairs(form: Locator) {
  const controls = await form.locator('[lang=de], [lang=en]').evaluateAll((elements) =>
    elements
      .filter((el) => el.matches('input, textarea'))
      .map((el) => {
        const box = el.getBoundingClientRect();
        return { lang: el.getAttribute('lang'), left: box.left, top: box.top };
      }),
  );
  expect(controls.length).toBeGreaterThan(0);
  return controls.map((control, i) => {
    if (control.lang !== 'de') return control.lang;
    const english = controls[i + 1];
    return english?.lang === 'en' && control.left < english.left && Math.abs(control.top - english.top) < 2
      ? 'de left of en'
      : 'de not left of en';
  });
}

describe('bilingual forms', () => {
  it.each([
    ['jobs', 'Add job'],
    ['projects', 'Add Project'],
    ['categories', 'Add Category'],
  ])('%s: German left of English', async (tab, add) => {
    const page = await dashboard(tab);
    await page.locator('main').getByRole('button', { name: add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const pair of (await pairs(dialog)).filter((p) => p !== 'en')) expect(pair).toBe('de left of en');
  });

  it.each(['company', 'texts'])('%s: German left of English', async (tab) => {
    const page = await dashboard(tab);
    const form = page.locator('main');
    await form.locator('[lang=en]').first().waitFor();
    for (const pair of (await pairs(form)).filter((p) => p !== 'en')) expect(pair).toBe('de left of en');
  });
});

describe("a job's how to apply", () => {
  it('links an e-mail address in it (mailto)', async () => {
    const token = await apiLogin(site.url);
    const job = await api<Job>(site.url, token, 'POST', apiRoutes.jobs.list, {
      title: [
        { content: 'Monteur (m/w/d)', language: 2 },
        { content: 'Installer (m/f/d)', language: 1 },
      ],
      location: 'Hanau',
      employmentType: 'FULL_TIME',
      published: true,
      howToApply: [{ content: 'Bitte schreiben Sie an bewerbung@blitzwerk.de.', language: 2 }],
    });
    const visitor = await site.page();
    await visitor.goto(`${site.url}/jobs/${job.id}`);
    const link = visitor.locator('main').getByRole('link', { name: 'bewerbung@blitzwerk.de' });
    expect(await link.getAttribute('href')).toBe('mailto:bewerbung@blitzwerk.de');
  });
});

describe('the tabs of the dashboard', () => {
  it('open on the inquiries for an admin, unless the address names a tab', async () => {
    const page = await site.page({ viewport: viewports.desktop });
    await openWithToken(page, site.url, await apiLogin(site.url), '/dashboard?lang=en');
    const main = page.locator('main');
    await main.getByRole('tab', { name: 'Inquiries', selected: true }).waitFor();
    await main.getByRole('tabpanel', { name: 'Inquiries' }).waitFor();
    await page.goto(`${site.url}/dashboard?lang=en&tab=categories`);
    await main.getByRole('tab', { name: 'Categories', selected: true }).waitFor();
    await main.getByRole('button', { name: 'Add Category' }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it("read a tab's first addresses at its touch, while its code loads, and once (decision 068)", async () => {
    const page = await site.page({ viewport: viewports.desktop });
    await openWithToken(page, site.url, await apiLogin(site.url), '/dashboard?lang=en');
    await page.locator('main [role=tabpanel] h2').first().waitFor();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const tab = async (name: string, heading: string) => {
      requests.length = 0;
      await page.locator('main').getByRole('tab', { name, exact: true }).click();
      await page.locator('main [role=tabpanel]').getByRole('heading', { level: 2, name: heading }).waitFor();
      await page.waitForTimeout(500);
      return [...requests];
    };

    const texts = await tab('Texts', 'Website texts');
    await page.locator('main [role=tabpanel] article').first().waitFor();
    expect(texts.filter((path) => path === `/api/v1${apiRoutes.siteTexts.texts}`)).toHaveLength(1);
    // Asked before the tab's code, not after it has loaded and rendered.
    const code = texts.findIndex((path) => /\/assets\/texts-panel-[\w-]+\.js$/.test(path));
    expect(code).toBeGreaterThan(texts.indexOf(`/api/v1${apiRoutes.siteTexts.texts}`));

    const mail = await tab('E-mail', 'E-mail');
    for (const address of [apiRoutes.mailSettings.settings, apiRoutes.mailTemplates.templates])
      expect(mail.filter((path) => path === `/api/v1${address}`)).toHaveLength(1);

    // Opened again, the tab reads as its own code decides, nothing ahead.
    await tab('Trash', 'Trash');
    const again = await tab('Texts', 'Website texts');
    expect(again.filter((path) => path === `/api/v1${apiRoutes.siteTexts.texts}`).length).toBeLessThanOrEqual(1);
    expect(page.errors).toEqual([]);
  });

  it.each(['de', 'en'] as const)(
    "are one row on a phone (%s), the open one in view and the inbox's list below it; unfolded all in sight; and work by keyboard",
    async (lang) => {
      const page = await site.page({ viewport: viewports.phone });
      await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${lang}`);
      const tabs = page.locator('main [role=tab]');
      const list = page.locator('main [role=tablist]');
      const open = page.locator('main [role=tab][aria-selected=true]');
      await open.waitFor();
      expect(await tabs.count()).toBe(21); // an admin's: every area, Redirects (decision 047), Privacy (decision 049), the WordPress move (decision 054), the forms (decision 057), the files (decision 060), the pages (decision 062) and the news (decision 065) included
      // One row: 21 wrapped tabs took 8 rows and pushed the inbox below the first screen.
      const row = (await list.boundingBox())!;
      expect(row.height).toBeLessThan(60);
      const heading = (await page
        .getByRole('heading', { level: 2, name: lang === 'de' ? 'Anfragen' : 'Inquiries' })
        .boundingBox())!;
      expect(heading.y + heading.height).toBeLessThan(viewports.phone.height);
      // And the list itself starts on it: the export button beside the heading, the Filters button beside the search box.
      const table = (await page.locator('main [role=tabpanel] table').boundingBox())!;
      expect(table.y + 100).toBeLessThan(viewports.phone.height);
      const openBox = (await open.boundingBox())!;
      expect(openBox.x).toBeGreaterThanOrEqual(0);
      expect(openBox.x + openBox.width).toBeLessThanOrEqual(viewports.phone.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Unfolded, every tab is in sight, none in a sideways strip.
      const unfold = page.getByRole('button', { name: lang === 'de' ? 'Alle 21 Bereiche' : 'All 21 areas' });
      const toggle = page.locator('main [role=tablist] + button');
      await unfold.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const boxes = await tabs.evaluateAll((elements) =>
        elements.map((el) => {
          const box = el.getBoundingClientRect();
          return { left: box.left, right: box.right };
        }),
      );
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(viewports.phone.width);
      }
      expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      // A tab chosen there opens its area, and the row folds again.
      await page.getByRole('tab', { name: lang === 'de' ? 'Statistik' : 'Statistics' }).click();
      await page
        .locator('main [role=tab][aria-selected=true]', { hasText: lang === 'de' ? 'Statistik' : 'Statistics' })
        .waitFor();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');

      // The arrow keys still move between the tabs, Home to the first, and the row follows.
      await page.locator('main [role=tab][aria-selected=true]').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
      expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
      await page.keyboard.press('End');
      const last = (await tabs.nth(20).boundingBox())!;
      expect(last.x + last.width).toBeLessThanOrEqual(viewports.phone.width);
      expect(page.errors).toEqual([]);
    },
  );
});

describe('display names', () => {
  it('the first admin names themself in the header; the name shows there, in the accounts list and the audit trail', async () => {
    const token = await apiLogin(site.url);
    // From no name (a retry starts again where the first try began).
    await api(site.url, token, 'PUT', apiRoutes.users.me, { displayName: null });
    const page = await site.page({ viewport: viewports.desktop });
    await openWithToken(page, site.url, token, '/dashboard?lang=en&tab=accounts');
    const main = page.locator('main');
    await main.getByText('Signed in as admin', { exact: true }).waitFor();
    await main.getByRole('button', { name: 'My name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your display name' });
    await dialog.getByLabel('Display name').fill('Erika Musterfrau');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main.getByText('Signed in as Erika Musterfrau (admin)').waitFor();

    await page.reload();
    await main.getByText('Signed in as Erika Musterfrau (admin)').waitFor();
    const own = main.getByRole('listitem', { name: 'admin', exact: true });
    expect(await own.locator('dd').first().innerText()).toMatch(/^Erika Musterfrau\s*\(you\)\s*admin$/);

    // An admin names another account from the list.
    const username = `redaktion-${Date.now()}`;
    await api(site.url, token, 'POST', apiRoutes.users.list, { username, role: 'editor' });
    await page.reload();
    const other = main.getByRole('listitem', { name: username });
    await other.getByRole('button', { name: 'Display name' }).click();
    const naming = page.getByRole('dialog', { name: `Display name of ${username}` });
    await naming.getByLabel('Display name').fill('Max Mustermann');
    await naming.getByRole('button', { name: 'Save' }).click();
    await naming.waitFor({ state: 'hidden' });
    await other.getByText('Max Mustermann').waitFor();
    expect(await other.locator('dd').first().innerText()).toMatch(new RegExp(`^Max Mustermann\\s*${username}$`));

    await main.getByRole('tab', { name: 'Audit trail' }).click();
    await main.getByText('Erika Musterfrau (admin)').first().waitFor();
    expect(page.errors).toEqual([]);
  });

  it('in German on a phone, and empty takes the name away', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await openWithToken(page, site.url, await apiLogin(site.url), '/dashboard?lang=de');
    const main = page.locator('main');
    await main.getByText('Angemeldet als Erika Musterfrau (admin)').waitFor();
    await main.getByRole('button', { name: 'Mein Name' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ihr Anzeigename' });
    expect(await dialog.getByLabel('Anzeigename').inputValue()).toBe('Erika Musterfrau');
    await dialog.getByLabel('Anzeigename').fill('');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main.getByText('Angemeldet als admin', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(page.errors).toEqual([]);
  });
});
