import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AuditList, type ContactCreated, type PersonLookup, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken, sendInquiry } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// A data-subject request (issue 42, decision 049) as the office manager answers it: she looks up
// the address the person wrote from (typed as it came, in capitals), downloads the archive to
// send them, and erases everything with the occasion as the reason; the inquiries are gone from
// the inbox, a colleague's unrelated inquiry stays. In German on a desktop, in English on a phone.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '100' });
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});

const texts = {
  de: {
    tab: 'Datenschutz',
    inbox: 'Anfragen',
    email: 'E-Mail-Adresse der Person',
    search: 'Suchen',
    found: (email: string) => `Zu ${email} sind 2 Anfragen gespeichert`,
    nothing: (email: string) => `Zu ${email} ist nichts gespeichert.`,
    export: 'Exportieren',
    exported: 'Das Archiv (ZIP) ist heruntergeladen',
    erase: 'Löschen',
    dialog: 'Alle Daten dieser Person löschen',
    reason: 'Anlass',
    confirm: 'Endgültig löschen',
    required: 'Pflichtfeld',
    erased: 'Gelöscht – Anfragen: 2, Dateien: 1, E-Mails:',
  },
  en: {
    tab: 'Privacy',
    inbox: 'Inquiries',
    email: "The person's e-mail address",
    search: 'Search',
    found: (email: string) => `2 inquiries are stored from ${email}`,
    nothing: (email: string) => `Nothing is stored about ${email}.`,
    export: 'Export',
    exported: 'The archive (ZIP) is downloaded',
    erase: 'Erase',
    dialog: "Erase all of this person's data",
    reason: 'Reason',
    confirm: 'Erase for good',
    required: 'This field is required.',
    erased: 'Erased – inquiries: 2, files: 1, mails:',
  },
} as const;

function sendGeneralMessage(lastName: string, email: string, language: 'de' | 'en', file?: string): Promise<ContactCreated> {
  const files = file ? [{ name: `${file}.pdf`, type: 'application/pdf', data: `%PDF-1.4\n${file}\n%%EOF\n` }] : [];
  return sendInquiry(
    site.url,
    {
      subject: 'generalMessage',
      firstName: 'Anna',
      lastName,
      phone: '+49 6181 12345',
      email,
      message: 'Bitte melden Sie sich.',
      language,
    },
    { files },
  );
}

async function privacyTab(lang: 'de' | 'en', phone: boolean): Promise<Page & { errors: string[] }> {
  const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, token, `/dashboard?lang=${lang}`);
  await page.locator('main').getByRole('tab', { name: texts[lang].tab }).click();
  await page.locator('main').getByRole('heading', { level: 2 }).first().waitFor();
  return page;
}

describe.each(['de', 'en'] as const)('a data-subject request in %s', (lang) => {
  const t = texts[lang];

  it('finds what is stored about an address, exports it as a ZIP and erases it with a reason', async () => {
    const email = `anna.${lang}@example.org`;
    const kept = await sendGeneralMessage(`Bleibt-${lang}`, `kollege.${lang}@example.org`, 'de');
    const first = await sendGeneralMessage(`Schmidt-${lang}`, email, 'de', `plan-${lang}`);
    const second = await sendGeneralMessage(`Schmidt-${lang}`, email.toUpperCase(), lang);

    const page = await privacyTab(lang, lang === 'en');
    const main = page.locator('main');
    expect(await axeViolations(page)).toEqual([]);
    await main.getByLabel(t.email).fill(`  ${email.replace('anna', 'ANNA')} `);
    await main.getByRole('button', { name: t.search, exact: true }).click();
    await main.getByRole('heading', { name: t.found(email) }).waitFor();
    await main.getByText(`${second.reference} ·`).waitFor();
    await main.getByText(`${first.reference} ·`).waitFor();
    await main.getByText(new RegExp(`plan-${lang}\\.pdf`)).waitFor();
    expect(await main.textContent()).not.toContain(kept.reference);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const [download] = await Promise.all([page.waitForEvent('download'), main.getByRole('button', { name: t.export }).click()]);
    expect(download.suggestedFilename()).toMatch(lang === 'en' ? /^data-export-\d{4}-\d{2}-\d{2}\.zip$/ : /^datenauskunft-/);
    const bytes = fs.readFileSync((await download.path())!);
    // A ZIP's local file header.
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    await main.getByText(t.exported).waitFor();

    await main.getByRole('button', { name: t.erase, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t.dialog });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(email);
    await dialog.getByRole('button', { name: t.confirm }).click();
    await dialog.getByText(t.required).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel(t.reason).fill('Löschantrag per E-Mail vom 20.11.');
    await dialog.getByRole('button', { name: t.confirm }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main.locator('[role=status]', { hasText: t.erased }).waitFor();

    // Looked up again: nothing.
    await main.getByRole('button', { name: t.search, exact: true }).click();
    await main.getByRole('heading', { name: t.nothing(email) }).waitFor();
    const lookup = await api<PersonLookup>(
      site.url,
      token,
      'GET',
      `${apiRoutes.person.lookup}?Email=${encodeURIComponent(email)}`,
    );
    expect(lookup.totals.inquiries).toBe(0);

    // The inbox lists the colleague's inquiry, not hers.
    await main.getByRole('tab', { name: t.inbox }).click();
    await page.locator(`main tbody tr[data-inquiry="${kept.reference}"]`).waitFor();
    // (The list shown from before the erasure is replaced as it reloads.)
    await page.locator(`main tbody tr[data-inquiry="${first.reference}"]`).waitFor({ state: 'detached' });
    await page.locator(`main tbody tr[data-inquiry="${second.reference}"]`).waitFor({ state: 'detached' });
    await page.locator(`main tbody tr[data-inquiry="${kept.reference}"]`).waitFor();

    const audit = await api<AuditList>(site.url, token, 'GET', `${apiRoutes.audit.list}?Item=person`);
    expect(audit.data.slice(0, 2).map((e) => e.action)).toEqual(['erase', 'export']);
    expect(JSON.stringify(audit)).not.toContain('anna');
    expect(page.errors).toEqual([]);
  });
});
