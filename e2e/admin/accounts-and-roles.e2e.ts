import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccountCreated, type SecondFactorSetup, apiRoutes, secondFactorConfirmResponseSchema } from '@blitz/contract';
import { answerConfirm, api, apiLogin, axeViolations, openWithToken, sendInquiry } from '../support/admin-helpers';
import { admin, useSite, viewports } from '../support/harness';

// Accounts and roles (issue 31) as staff meet them, on a site that requires two-step sign-in: the
// admin invites an editor in German on a phone, the editor opens the link, chooses a password,
// sets up the app and sees the content tabs only; an inbox account limited to applications, in
// English, sees no price inquiry.

const site = useSite({ SECOND_FACTOR: 'required', SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0' });
const password = 'ein langer Satz aus vielen Wörtern 7';

const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/** The admin with two-step sign-in set up through the API (the site requires it): a token. */
async function adminToken(url: string): Promise<string> {
  const first = await apiLogin(url);
  const setup = await api<SecondFactorSetup>(url, first, 'POST', apiRoutes.auth.secondFactorSetup, { password: admin.password });
  const confirmed = secondFactorConfirmResponseSchema.parse(
    await api(url, first, 'POST', apiRoutes.auth.secondFactorConfirm, { code: appCode(setup.secret) }),
  );
  return confirmed.jwtToken;
}

async function secretShown(page: Page): Promise<string> {
  const shown = page.getByTestId('totp-secret');
  await shown.waitFor();
  return (await shown.textContent())!.replaceAll(' ', '');
}

const send = (fields: Record<string, string>) => sendInquiry(site.url, fields);

const onThisServer = (link: string) => link.replace(/^https?:\/\/[^/]+/, site.url);

let token: string;
beforeAll(async () => {
  await site.start();
  token = await adminToken(site.url);
});

describe('accounts and roles', () => {
  it('an admin invites an editor; the editor chooses a password, sets up two-step sign-in and sees only the content tabs (German)', async () => {
    const adminPage = await site.page({ viewport: viewports.phone });
    await openWithToken(adminPage, site.url, token, '/dashboard?tab=accounts');
    const panel = adminPage.locator('main').getByRole('region', { name: 'Konten' });
    const invite = panel.getByRole('form', { name: 'Konto einladen' });
    await invite.getByLabel('Name').fill('redaktion');
    await invite.getByLabel('Rolle').selectOption({ label: 'Redaktion' });
    await invite.getByRole('button', { name: 'Einladen' }).click();
    await panel.getByText('Einladungslink für redaktion').waitFor();
    const shown = await panel.getByLabel('Einladungslink').inputValue();
    expect(shown).toMatch(/\/login#invitation=[\w-]{43}$/);
    // On this test server's address (the link names the site's public one).
    const link = onThisServer(shown);
    await panel.getByRole('listitem', { name: 'redaktion' }).getByText('eingeladen').waitFor();
    // On a phone the roles are listed one under the other (the matrix is for wider screens).
    await panel.getByRole('list', { name: 'Was jede Rolle darf' }).waitFor();
    expect(await axeViolations(adminPage)).toEqual([]);

    // The editor, in a browser of their own.
    const page = await site.page({ viewport: viewports.phone });
    await page.goto(link);
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Passwort wählen' }).waitFor();
    // The token leaves the address bar at once.
    expect(page.url()).not.toContain('invitation');
    await main.getByLabel('Neues Passwort').fill(password);
    await main.getByLabel('Passwort wiederholen').fill(password);
    await main.getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');

    // Two-step sign-in as for everyone on this site.
    await main.getByRole('button', { name: 'Einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einrichten' });
    await dialog.getByLabel('Aktuelles Passwort').fill(password);
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByLabel('Code').fill(appCode(await secretShown(page)));
    await dialog.getByRole('button', { name: 'Einschalten' }).click();
    await dialog.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();

    // No inbox for an editor: the first of its tabs is open.
    await main.getByRole('tab', { name: 'Kategorien', selected: true }).waitFor();
    const tabs = await main.getByRole('tab').allTextContents();
    expect(tabs).toEqual(
      expect.arrayContaining(['Kategorien', 'Projekte', 'Stellen', 'Seiten', 'Texte', 'Anmeldungen', 'Zwei-Faktor-Anmeldung']),
    );
    // Never the inquiries, settings, accounts or the audit trail (other content tabs, as the trash, may come).
    for (const tab of ['Anfragen', 'Firmendaten', 'E-Mail', 'Statistik', 'Konten', 'Protokoll']) expect(tabs).not.toContain(tab);
    // The same link does not work twice.
    const again = await site.page({ viewport: viewports.phone });
    await again.goto(link);
    await again.locator('main').getByLabel('Neues Passwort').fill(password);
    await again.locator('main').getByLabel('Passwort wiederholen').fill(password);
    await again.locator('main').getByRole('button', { name: 'Passwort speichern und anmelden' }).click();
    await again.getByText('Dieser Einladungslink gilt nicht (mehr)', { exact: false }).waitFor();

    // The admin sees the account active now, and can disable it: the editor's next request is refused.
    await adminPage.reload();
    await panel.getByRole('listitem', { name: 'redaktion' }).getByText('aktiv').waitFor();
    await panel.getByRole('listitem', { name: 'redaktion' }).getByRole('button', { name: 'Sperren' }).click();
    await panel.getByRole('listitem', { name: 'redaktion' }).getByText('gesperrt').waitFor();
    // (The texts tab asks the API as staff at once.)
    await main.getByRole('tab', { name: 'Texte' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    // Deleting the own (last) admin account is refused in plain words.
    const asked = answerConfirm(adminPage, true);
    await panel.getByRole('listitem', { name: 'admin', exact: true }).getByRole('button', { name: 'Löschen' }).click();
    expect(await asked).toContain('admin');
    await panel.getByText('Die Website braucht mindestens einen aktiven Admin.', { exact: false }).waitFor();
    expect(page.errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
    expect(adminPage.errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });

  it('an inbox account limited to applications sees applications only, never a price inquiry (English)', async () => {
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
      language: 'en',
    });
    await send({
      subject: 'application',
      firstName: 'Ada',
      lastName: 'Applicant',
      phone: '+49 6181 12345',
      email: 'ada@example.org',
      message: 'I would like to work with you.',
      language: 'en',
    });
    const created = await api<AccountCreated>(site.url, token, 'POST', apiRoutes.users.list, {
      username: 'hr',
      role: 'inbox',
      inquiryTypes: ['application'],
    });
    const page = await site.page({ viewport: viewports.desktop, locale: 'en-GB' });
    await page.goto(onThisServer(created.invitation.url).replace('/login#', '/login?lang=en#'));
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await main.getByLabel('New password').fill(password);
    await main.getByLabel('Repeat the password').fill(password);
    await main.getByRole('button', { name: 'Save password and sign in' }).click();
    await main.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-step sign-in' });
    await dialog.getByLabel('Current password').fill(password);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Code').fill(appCode(await secretShown(page)));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByRole('button', { name: 'I have saved the codes' }).click();

    // The tab counts the one application unread; the price inquiry is not theirs to see, nor to count.
    await main.getByRole('tab', { name: 'Inquiries (1 unread inquiry)' }).waitFor();
    expect(await main.getByRole('tab').allTextContents()).toEqual([
      'Inquiries1 (1 unread inquiry)',
      'Sign-ins',
      'Two-step sign-in',
    ]);
    await main.getByText('Applicant', { exact: false }).first().waitFor();
    expect(await main.getByText('Pricewise', { exact: false }).count()).toBe(0);
    // The type filter offers applications only, and how long inquiries are kept is not theirs to set.
    expect(await main.getByLabel('Type', { exact: true }).locator('option').allTextContents()).not.toContain('Price inquiry');
    expect(await main.getByRole('heading', { name: 'Retention' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });
});
