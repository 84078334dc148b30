import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl, jobListSchema, projectListSchema } from '@blitz/contract';
import { api, answerQuestion, apiLogin, axeViolations, openWithToken, pngBytes } from '../support/admin-helpers';
import { admin, useSite, viewports } from '../support/harness';
import { useSmtp } from '../support/smtp';

// The go-live checklist on the dashboard's start (issue 29), walked on a fresh site as it is
// delivered (sample projects, categories and jobs seeded; a mail server to test): from every item
// open to "live", once in each language, every item done as an office manager does it — the
// site's own address here is the test server's (http://127.0.0.1:PORT), saved as the website.

const smtp = useSmtp();
// Read when each site starts: the mail server's address is known only once it listens.
const env: Record<string, string> = {};
const sites = { de: useSite(env), en: useSite(env) } as const;

beforeAll(async () => {
  env['SMTP_URL'] = await smtp.start();
});

const words = {
  de: {
    heading: 'Auf dem Weg zur eigenen Website',
    open: 'Offen',
    done: 'Erledigt',
    dismissed: 'Ausgeblendet',
    dismiss: 'Ausblenden',
    undismiss: 'Wieder einblenden',
    items: {
      companyDetails: 'Firmendaten eintragen',
      logo: 'Logo hochladen',
      publicAddress: 'Webadresse prüfen',
      mailRecipients: 'E-Mail-Empfänger bestätigen',
      sampleContent: 'Beispielinhalte entfernen',
      legalTexts: 'Impressum und Datenschutz prüfen',
      secondFactor: 'Zweistufige Anmeldung für alle Admins',
      backup: 'Eine Sicherung anlegen',
    },
    toCompany: 'Zu den Firmendaten',
    toMail: 'Zu den E-Mail-Einstellungen',
    shortName: 'Kurzname',
    legalName: 'Vollständiger Firmenname',
    email: 'E-Mail-Adresse',
    vatId: 'Umsatzsteuer-Identifikationsnummer',
    logoField: 'Logo hochladen',
    save: 'Speichern',
    sendTest: 'Testmail senden',
    remove: 'Beispielinhalte entfernen',
    confirm:
      /^Alle unveränderten Beispielinhalte \(\d+ Referenzen, 6 Kategorien, 2 Stellen; die Referenzen mit ihren Bildern\) endgültig löschen\?$/,
    reviewed: 'Geprüft',
    reviewedBy: 'Geprüft von admin am',
    without: 'Noch ohne: admin',
    never: 'Noch keine Sicherung.',
    last: 'Letzte Sicherung:',
    show: 'Checkliste zum Start anzeigen',
  },
  en: {
    heading: 'Getting the website ready',
    open: 'To do',
    done: 'Done',
    dismissed: 'Dismissed',
    dismiss: 'Dismiss',
    undismiss: 'Bring back',
    items: {
      companyDetails: 'Enter the company details',
      logo: 'Upload the logo',
      publicAddress: 'Check the web address',
      mailRecipients: 'Confirm the e-mail recipients',
      sampleContent: 'Remove the sample content',
      legalTexts: 'Review the imprint and privacy texts',
      secondFactor: 'Two-step sign-in for every admin',
      backup: 'Take a backup',
    },
    toCompany: 'Go to the company details',
    toMail: 'Go to the e-mail settings',
    shortName: 'Short name',
    legalName: 'Full company name',
    email: 'E-mail address',
    vatId: 'VAT ID',
    logoField: 'Upload a logo',
    save: 'Save',
    sendTest: 'Send a test mail',
    remove: 'Remove sample content',
    confirm:
      /^Delete all unchanged sample content \(\d+ projects, 6 categories, 2 jobs; the projects with their pictures\) for good\?$/,
    reviewed: 'Reviewed',
    reviewedBy: 'Reviewed by admin on',
    without: 'Still without: admin',
    never: 'No backup yet.',
    last: 'Last backup:',
    show: 'Show the go-live checklist',
  },
} as const;

type Lang = keyof typeof words;

/** Sets up two-step sign-in for the admin as the authenticator app would; answers the new token. */
async function enableSecondFactor(url: string, token: string): Promise<string> {
  const started = await api<{ secret: string }>(url, token, 'POST', apiRoutes.auth.secondFactorSetup, {
    password: admin.password,
  });
  const code = new TOTP({ secret: Secret.fromBase32(started.secret) }).generate();
  const confirmed = await api<{ jwtToken: string }>(url, token, 'POST', apiRoutes.auth.secondFactorConfirm, { code });
  return confirmed.jwtToken;
}

/** `npm run admin -- backup FILE` on the site's data directory, as an operator runs it beside the server. */
function backUp(dataDir: string) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-e2e-backup-')), 'site.tar.gz');
  const result = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../server/dist/admin.js'), 'backup', file], {
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  expect(result.status, result.stderr).toBe(0);
}

async function shot(page: Page, name: string) {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

describe.each(['de', 'en'] as const)('the go-live checklist in %s', (lang: Lang) => {
  const site = sites[lang];
  const w = words[lang];

  it('walks a fresh site from every item open to live; the checklist then goes, and comes back on demand', async () => {
    const server = await site.start();
    const page = await site.page({ viewport: viewports.desktop, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    let token = await apiLogin(server.url);
    await openWithToken(page, server.url, token, `/dashboard?lang=${lang}`);
    const main = page.locator('main');
    const checklist = main.getByRole('region', { name: w.heading });
    const item = (key: keyof typeof w.items) => checklist.getByRole('listitem', { name: w.items[key] });
    const state = async (key: keyof typeof w.items, expected: string) => item(key).getByText(expected, { exact: true }).waitFor();

    // A fresh site: everything open.
    for (const key of Object.keys(w.items) as (keyof typeof w.items)[]) await state(key, w.open);
    await item('secondFactor').getByText(w.without).waitFor();
    await item('backup').getByText(w.never).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `go-live-${lang}-fresh-desktop`);
    await page.setViewportSize(viewports.phone);
    await shot(page, `go-live-${lang}-fresh-phone`);
    await page.setViewportSize(viewports.desktop);

    // 1. The company, in the tab the item opens.
    await item('companyDetails').getByRole('button', { name: w.toCompany }).click();
    await main.getByLabel(w.shortName).fill('Erdwerk');
    await main.getByLabel(w.legalName).fill('Erdwerk Main GmbH');
    await main.getByLabel(w.email).fill('post@erdwerk.example');
    await main.getByLabel(w.vatId).fill('DE987654321');
    // The logo and the website in the same form: the site is reached under the saved address.
    // (The checklist's item has the field's name too: the file input itself.)
    await main
      .locator('input[type=file]')
      .and(main.getByLabel(w.logoField))
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngBytes(page, 256, 256) });
    await main.getByRole('textbox', { name: 'Website', exact: true }).fill(server.url);
    await main.getByRole('button', { name: w.save, exact: true }).click();
    await state('companyDetails', w.done);
    await state('logo', w.done);
    await state('publicAddress', w.done);
    await item('publicAddress').getByText(server.url).waitFor();

    // 2. The mail recipients (the saved company e-mail), confirmed by a test mail the server took.
    await item('mailRecipients').getByRole('button', { name: w.toMail }).click();
    await main.getByRole('button', { name: w.sendTest }).click();
    await state('mailRecipients', w.done);
    expect(smtp.received.some((m) => m.to.includes('post@erdwerk.example'))).toBe(true);

    // 3. The sample content, after a question naming what goes; the public gallery and jobs are empty after.
    expect(
      projectListSchema.parse(await (await fetch(server.url + apiUrl(apiRoutes.projects.list))).json()).count,
    ).toBeGreaterThan(0);
    const question = answerQuestion(page, true);
    await item('sampleContent').getByRole('button', { name: w.remove }).click();
    expect((await question).message).toMatch(w.confirm);
    await state('sampleContent', w.done);
    expect(projectListSchema.parse(await (await fetch(server.url + apiUrl(apiRoutes.projects.list))).json()).count).toBe(0);
    expect(jobListSchema.parse(await (await fetch(server.url + apiUrl(apiRoutes.jobs.list))).json()).data).toEqual([]);

    // 4. The legal texts, marked reviewed: who and when.
    await item('legalTexts').getByRole('button', { name: w.reviewed, exact: true }).click();
    await state('legalTexts', w.done);
    await item('legalTexts').getByText(w.reviewedBy).waitFor();
    await shot(page, `go-live-${lang}-almost-desktop`);
    await page.setViewportSize(viewports.phone);
    await shot(page, `go-live-${lang}-almost-phone`);
    await page.setViewportSize(viewports.desktop);

    // An item that does not apply can be dismissed by an admin, and brought back.
    await item('backup').getByRole('button', { name: w.dismiss }).click();
    await state('backup', w.dismissed);
    await item('backup').getByRole('button', { name: w.undismiss }).click();
    await state('backup', w.open);

    // 5. Two-step sign-in (its own browser test walks the set-up screens), then 6. a backup on the server.
    // The page leaves the dashboard first: the second factor ends every other sign-in, and the
    // open dashboard's next call would be refused.
    await page.goto(`${server.url}/robots.txt`);
    token = await enableSecondFactor(server.url, token);
    backUp(server.dataDir);
    await openWithToken(page, server.url, token, `/dashboard?lang=${lang}`);

    // Live: every item done, so the checklist is gone; a small button brings it back, all settled.
    await main.getByRole('button', { name: w.show }).click();
    for (const key of Object.keys(w.items) as (keyof typeof w.items)[]) await state(key, w.done);
    await item('backup').getByText(w.last).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
    expect(page.outside).toEqual([]);
  });

  it('starts folded on a phone: the heading and the count in sight, the tabs on the first screen; the items unfold on demand', async () => {
    const server = await site.start();
    const page = await site.page({ viewport: viewports.phone, locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    await openWithToken(page, server.url, await apiLogin(server.url), `/dashboard?lang=${lang}`);
    const main = page.locator('main');
    const checklist = main.getByRole('region', { name: w.heading });
    const toggle = checklist.getByRole('button', { name: lang === 'de' ? 'Punkte zeigen' : 'Show the items' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await checklist.getByRole('listitem').count()).toBe(0);
    const tabs = await main.getByRole('tablist').boundingBox();
    expect(tabs!.y).toBeLessThan(viewports.phone.height);
    await toggle.click();
    await checklist.getByRole('listitem', { name: w.items.backup }).waitFor();
    expect(
      await checklist
        .getByRole('button', { name: lang === 'de' ? 'Punkte ausblenden' : 'Hide the items' })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
