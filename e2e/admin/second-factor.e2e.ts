import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, axeViolations, openWithToken, storedToken } from '../support/admin-helpers';
import { admin, useSite, viewports } from '../support/harness';

// Two-step sign-in as staff use it: set up with an authenticator app (played here by otpauth,
// as a phone would compute the codes), sign in with a code, lose the phone and use a recovery
// code, turn it off. German on a phone, the dashboard's default language.

const site = useSite({ SECOND_FACTOR: 'optional' });
beforeAll(() => site.start());

/** The app's code for the time step `stepsAhead` from now (the server accepts the next step too). */
const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

describe('two-step sign-in', () => {
  it('is set up with the app, then asks for its code at sign-in, takes a recovery code, and can be turned off', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await openWithToken(page, site.url, await apiLogin(site.url), '/dashboard?tab=second-factor');
    const main = page.locator('main');
    const panel = main.getByRole('region', { name: 'Zwei-Faktor-Anmeldung' });
    await panel.getByText('Die Zwei-Faktor-Anmeldung ist ausgeschaltet: Ihr Passwort allein meldet Sie an.').waitFor();

    // Step one: the password again.
    await panel.getByRole('button', { name: 'Einrichten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung einrichten' });
    await dialog.getByLabel('Aktuelles Passwort').fill('nicht das Passwort');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await dialog.getByText('Das Passwort ist nicht richtig.').waitFor();
    await dialog.getByLabel('Aktuelles Passwort').fill(admin.password);
    await dialog.getByRole('button', { name: 'Weiter' }).click();

    // Step two: the QR code, the key to type in, and a code from the app.
    await dialog.getByRole('img', { name: /QR-Code für Ihre Authenticator-App/ }).waitFor();
    const secret = await secretShown(page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await axeViolations(page)).toEqual([]);
    const code = dialog.getByLabel('Code');
    await code.fill('12345');
    await dialog.getByRole('button', { name: 'Einschalten' }).click();
    await dialog.getByText('Bitte geben Sie die 6 Ziffern ein, die die App anzeigt.').waitFor();
    await code.fill(appCode(secret));
    await dialog.getByRole('button', { name: 'Einschalten' }).click();

    // Step three: the recovery codes, shown once.
    const codes = dialog.getByRole('list', { name: 'Wiederherstellungscodes' }).getByRole('listitem');
    await codes.nth(9).waitFor();
    const recoveryCodes = await codes.allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Als Textdatei herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('wiederherstellungscodes.txt');
    await dialog.getByRole('button', { name: 'Ich habe die Codes gesichert' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await panel.getByText('Die Zwei-Faktor-Anmeldung ist eingeschaltet.').waitFor();
    await panel.getByText('Noch 10 unbenutzte Wiederherstellungscodes.').waitFor();
    // A password change is a full sign-in now: it asks for a code too.
    await main.getByRole('button', { name: 'Passwort ändern' }).click();
    const change = page.getByRole('dialog', { name: 'Passwort ändern' });
    await change.getByLabel('Code').waitFor();
    await change.getByRole('button', { name: 'Abbrechen' }).click();

    // Signing in now takes a code after the password; a wrong one is refused in plain words.
    await page.evaluate(() => localStorage.removeItem('JWT'));
    await page.goto(`${site.url}/login`);
    await main.getByLabel('Name').fill(admin.username);
    await main.getByLabel('Passwort').fill(admin.password);
    await main.getByRole('button', { name: 'Anmelden' }).click();
    await main.getByText('Ihr Konto meldet sich in zwei Schritten an.', { exact: false }).waitFor();
    const loginCode = main.getByLabel('Code');
    expect(await loginCode.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await storedToken(page)).toBeNull();
    await loginCode.fill(appCode(secret) === '000000' ? '111111' : '000000');
    await main.getByRole('button', { name: 'Anmelden' }).click();
    await main.getByText('Dieser Code ist falsch oder wurde schon verwendet.', { exact: false }).waitFor();
    await loginCode.fill(appCode(secret, 1));
    await main.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    // Signed in once the dashboard shows: taken away before, the token's absence sends the
    // starting application to /login, a navigation racing the one below.
    await page.locator('main [role=tab][aria-selected=true]').waitFor();

    // The phone is lost: a recovery code signs in once, and the panel counts it.
    await page.evaluate(() => localStorage.removeItem('JWT'));
    await page.goto(`${site.url}/login`);
    await main.getByLabel('Name').fill(admin.username);
    await main.getByLabel('Passwort').fill(admin.password);
    await main.getByRole('button', { name: 'Anmelden' }).click();
    await loginCode.fill(recoveryCodes[0]!.toLowerCase());
    await main.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.goto(`${site.url}/dashboard?tab=second-factor`);
    await panel.getByText('Noch 9 unbenutzte Wiederherstellungscodes.').waitFor();

    // Turning it off takes the password and a code; then the password alone signs in.
    await panel.getByRole('button', { name: 'Ausschalten' }).click();
    const off = page.getByRole('dialog', { name: 'Zwei-Faktor-Anmeldung ausschalten' });
    await off.getByLabel('Aktuelles Passwort').fill(admin.password);
    await off.getByLabel('Code').fill(recoveryCodes[0]!);
    await off.getByRole('button', { name: 'Ausschalten' }).click();
    await off.getByText('Dieser Code ist falsch oder wurde schon verwendet.', { exact: false }).waitFor();
    await off.getByLabel('Code').fill(recoveryCodes[1]!);
    await off.getByRole('button', { name: 'Ausschalten' }).click();
    await page.getByText('Die Zwei-Faktor-Anmeldung ist ausgeschaltet.').waitFor();
    await panel.getByRole('button', { name: 'Einrichten' }).waitFor();
    await apiLogin(site.url);
    // The refused codes and the asked-for code show as 400/401 in the console; nothing else went wrong.
    expect(page.errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  });
});

describe('where the site requires two-step sign-in (SECOND_FACTOR=required)', () => {
  const strictSite = useSite({ SECOND_FACTOR: 'required' });
  beforeAll(() => strictSite.start());

  it('shows nothing but its set-up until it is on, and the dashboard after the codes are saved', async () => {
    const page = await strictSite.page({ viewport: viewports.desktop, locale: 'en-GB' });
    await openWithToken(page, strictSite.url, await apiLogin(strictSite.url), '/dashboard?lang=en');
    const main = page.locator('main');
    await main.getByText('This site requires two-step sign-in for every account.', { exact: false }).waitFor();
    expect(await main.getByRole('tab').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-step sign-in' });
    await dialog.getByLabel('Current password').fill(admin.password);
    await dialog.getByRole('button', { name: 'Next' }).click();
    const secret = await secretShown(page);
    await dialog.getByLabel('Code').fill(appCode(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await dialog.getByRole('list', { name: 'Recovery codes' }).waitFor();
    // The codes stay in view until the user says they are saved, though the set-up is done:
    // neither Escape (pressed twice, as Chrome then insists on closing) nor the backdrop closes them.
    expect(await main.getByRole('tab').count()).toBe(0);
    for (let i = 0; i < 2; i++) await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(200);
    expect(await dialog.evaluate((el) => (el as HTMLDialogElement).open)).toBe(true);
    expect(await dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await dialog.getByRole('button', { name: 'I have saved the codes' }).click();
    await main.getByRole('tab', { name: 'Categories' }).waitFor();
    expect(page.errors.filter((e) => !/status of 403/.test(e))).toEqual([]);
  });
});

async function secretShown(page: Page): Promise<string> {
  const shown = page.getByTestId('totp-secret');
  await shown.waitFor();
  return (await shown.textContent())!.replaceAll(' ', '');
}
