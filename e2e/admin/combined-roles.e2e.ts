import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, axeViolations, openWithToken, sendInquiry } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Content and inbox rights in one account (issue 42, decision 051): an admin invites the project
// manager with "Redaktion + Posteingang", limited to price inquiries; the project manager signs in
// and works on projects and price inquiries, never on settings. The accounts screen and its roles
// matrix at a phone's and a desktop's width, in both languages (SCREENSHOT_DIR keeps pictures).

const site = useSite({ SEED_SAMPLE: 'true', CONTACT_MIN_FILL_SECONDS: '0' });
const password = 'ein langer Satz aus vielen Wörtern 7';
const shots = process.env['SCREENSHOT_DIR'];

const send = (fields: Record<string, string>) => sendInquiry(site.url, fields);

const onThisServer = (link: string) => link.replace(/^https?:\/\/[^/]+/, site.url);

let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  await send({
    subject: 'priceInquiry',
    firstName: 'Max',
    lastName: 'Pricewise',
    phone: '+49 6181 12345',
    email: 'max@example.org',
    CompanyName: 'Beispiel Logistik GmbH',
    CompanyAddress: 'Hafenstraße 5\n60311 Frankfurt',
    BuildingSize: '2400 m²',
    Regards: 'lps',
    message: 'Angebot für Halle 3, bitte.',
  });
  await send({
    subject: 'application',
    firstName: 'Ada',
    lastName: 'Applicant',
    phone: '+49 6181 12345',
    email: 'ada@example.org',
    message: 'Ich möchte bei Ihnen arbeiten.',
  });
});

describe('content and inbox rights in one account', () => {
  it('an admin gives the project manager content and inbox rights for price inquiries; they see projects and price inquiries, no settings', async () => {
    const adminPage = await site.page({ viewport: viewports.desktop });
    await openWithToken(adminPage, site.url, token, '/dashboard?tab=accounts');
    const panel = adminPage.locator('main').getByRole('region', { name: 'Konten' });
    const invite = panel.getByRole('form', { name: 'Konto einladen' });
    await invite.getByLabel('Name').fill('projektleitung');
    await invite.getByLabel('Rolle').selectOption({ label: 'Redaktion + Posteingang' });
    // The combination takes a limit to some types, as an inbox account does.
    await invite.getByLabel('Bewerbungen').uncheck();
    await invite.getByLabel('Nachrichten').uncheck();
    await invite.getByRole('button', { name: 'Einladen' }).click();
    await panel.getByText('Einladungslink für projektleitung').waitFor();
    const link = onThisServer(await panel.getByLabel('Einladungslink').inputValue());
    const row = panel.getByRole('listitem', { name: 'projektleitung' });
    await row.getByText('Redaktion + Posteingang').waitFor();
    await row.getByText('Preisanfragen').waitFor();
    // The matrix has a column for the combination.
    const matrix = panel.getByRole('table', { name: 'Was jede Rolle darf' });
    expect(await matrix.getByRole('columnheader').allTextContents()).toEqual([
      'Bereich',
      'Admin',
      'Redaktion',
      'Posteingang',
      'Redaktion + Posteingang',
    ]);
    expect(await axeViolations(adminPage)).toEqual([]);

    // The project manager, in a browser of their own.
    const page = await site.page({ viewport: viewports.desktop });
    await page.goto(link);
    const main = page.locator('main');
    await main.getByLabel('Neues Passwort').fill(password);
    await main.getByLabel('Passwort wiederholen').fill(password);
    await main.getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');

    // The inbox opens first, counting the one price inquiry unread; the application is not theirs.
    await main.getByRole('tab', { name: 'Anfragen (1 ungelesene Anfrage)', selected: true }).waitFor();
    await main.getByText('Pricewise', { exact: false }).first().waitFor();
    expect(await main.getByText('Applicant', { exact: false }).count()).toBe(0);
    const tabs = await main.getByRole('tab').allTextContents();
    expect(tabs).toEqual(expect.arrayContaining(['Kategorien', 'Projekte', 'Stellen', 'Seiten', 'Texte', 'Anmeldungen']));
    for (const tab of ['Firmendaten', 'E-Mail', 'Statistik', 'Konten', 'Protokoll']) expect(tabs).not.toContain(tab);
    // How long inquiries are kept is the admins' to set.
    expect(await main.getByRole('heading', { name: 'Aufbewahrung' }).count()).toBe(0);

    // Projects as an editor: the sample references are listed.
    await main.getByRole('tab', { name: 'Projekte' }).click();
    await main.getByRole('tab', { name: 'Projekte', selected: true }).waitFor();
    await main.locator('tbody tr').first().waitFor();
    expect(await main.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(adminPage.errors).toEqual([]);
  });

  it('shows the accounts screen and its roles matrix at a phone and a desktop width, in German and English', async () => {
    for (const lang of ['de', 'en'] as const) {
      for (const [width, viewport] of Object.entries(viewports)) {
        const page = await site.page({ viewport, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
        await openWithToken(page, site.url, token, `/dashboard?tab=accounts&lang=${lang}`);
        const heading = lang === 'de' ? 'Was jede Rolle darf' : 'What each role may do';
        const combined = lang === 'de' ? 'Redaktion + Posteingang' : 'Editor + inbox';
        await page.locator('main').getByRole('listitem', { name: 'projektleitung' }).waitFor();
        // A matrix from a tablet's width on; on a phone each role with what it may do.
        const matrix = page.getByRole(width === 'phone' ? 'list' : 'table', { name: heading });
        await matrix.waitFor();
        if (width === 'phone') {
          const role = matrix.getByRole('listitem', { name: combined, exact: true });
          expect(await role.getByRole('listitem').count()).toBe(6);
        } else expect(await matrix.getByRole('columnheader').last().textContent()).toBe(combined);
        expect(await page.getByRole('region', { name: heading }).getByText(combined, { exact: false }).count()).toBeGreaterThan(
          0,
        );
        // Nothing wider than the screen but the matrix, which scrolls in its own box.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${lang} ${width}`).toBeLessThanOrEqual(0);
        if (shots) {
          await page.screenshot({ path: path.join(shots, `accounts-${lang}-${width}.png`), fullPage: true });
          await page
            .getByRole('region', { name: heading })
            .screenshot({ path: path.join(shots, `roles-matrix-${lang}-${width}.png`) });
        }
        expect(page.errors).toEqual([]);
      }
    }
  });
});
