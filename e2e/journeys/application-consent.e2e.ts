import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type InquiryDetail,
  type InquiryList,
  type RetentionSettings,
  apiRoutes,
  applicationConsentTexts,
  applicationConsentVersion,
} from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';
import { contactFormHydrated, hydrated } from '../support/public-pages';

// Issue 42, decision 050: an applicant ticks the box to be kept for later openings (unticked by
// default, shown only for an application), with and without JavaScript; staff see the consent, its
// words and version in the inquiry; admins set the periods in the retention form.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0' });
let token: string;
/** Where the screenshots go, to be looked at (SCREENSHOTS=dir). */
const shots = process.env['SCREENSHOTS'];

async function shot(page: Page, name: string, target?: ReturnType<Page['locator']>) {
  if (!shots) return;
  fs.mkdirSync(shots, { recursive: true });
  const file = path.join(shots, `${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file, fullPage: false });
}

beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});

const texts = {
  de: { subject: 'Betreff', send: 'Anfrage senden', consent: applicationConsentTexts[applicationConsentVersion].de },
  en: { subject: 'Subject', send: 'Send request', consent: applicationConsentTexts[applicationConsentVersion].en },
} as const;

async function fillApplication(page: Page, lang: 'de' | 'en', lastName: string) {
  const form = page.locator('#contact-form form');
  await page.getByLabel(texts[lang].subject).selectOption('application');
  await form.locator('input[name=firstName]').fill('Erika');
  await form.locator('input[name=lastName]').fill(lastName);
  await form.locator('input[name=phone]').fill('+49 6181 12345');
  await form.locator('input[name=email]').fill(`${lastName.toLowerCase()}@example.org`);
  await form.locator('textarea[name=message]').fill('Ich bewerbe mich als Monteurin.');
  return form;
}

/** The application of this last name, as staff read it. */
async function stored(lastName: string): Promise<InquiryDetail> {
  const list = await api<InquiryList>(site.url, token, 'GET', `${apiRoutes.inbox.list}?Search=${lastName}`);
  expect(list.data).toHaveLength(1);
  return api<InquiryDetail>(site.url, token, 'GET', apiRoutes.inbox.onePath(list.data[0]!.id));
}

async function openInDashboard(lang: 'de' | 'en', viewport: { width: number; height: number }, reference: string) {
  const page = await site.page({ viewport });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${lang}&tab=inquiries`);
  await page
    .locator(`main tbody tr[data-inquiry="${reference}"]`)
    .getByRole('button', { name: /^Open|^Öffnen/ })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { level: 3 }).first().waitFor();
  return { page, dialog };
}

describe.each([
  ['de', 'phone'],
  ['en', 'desktop'],
  ['de', 'desktop'],
  ['en', 'phone'],
] as const)('the box to be kept for later openings, in %s at %s width', (lang, width) => {
  const viewport = viewports[width];
  it('shows only for an application, unticked; ticked, staff see the consent with its words and version', async () => {
    const page = await site.page({ viewport });
    await page.goto(`${site.url}/jobs?lang=${lang}`);
    await page.locator('#contact-form').scrollIntoViewIfNeeded();
    await hydrated(page);
    await contactFormHydrated(page);
    const box = page.getByRole('checkbox', { name: texts[lang].consent });
    expect(await box.isVisible()).toBe(false);
    await page.getByLabel(texts[lang].subject).selectOption('priceInquiry');
    expect(await box.isVisible()).toBe(false);

    const lastName = `Consent${lang}${width}`;
    const form = await fillApplication(page, lang, lastName);
    expect(await box.isVisible()).toBe(true);
    expect(await box.isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await box.check();
    await form.locator('.application-consent').scrollIntoViewIfNeeded();
    await shot(page, `form-${lang}-${width}`);
    await shot(page, `form-box-${lang}-${width}`, form.locator('.application-consent'));
    await page.getByRole('button', { name: texts[lang].send }).click();
    await page.locator('#contact-form [data-inquiry-sent]').waitFor();

    const inquiry = await stored(lastName);
    expect(inquiry.applicationConsent).toMatchObject({
      version: applicationConsentVersion,
      language: lang,
      text: texts[lang].consent,
    });

    const { page: staff, dialog } = await openInDashboard(lang, viewport, inquiry.reference);
    const consent = dialog.locator('[data-consent=given]');
    await consent.scrollIntoViewIfNeeded();
    expect(await consent.textContent()).toContain(texts[lang].consent);
    expect(await consent.textContent()).toContain(applicationConsentVersion);
    expect(await consent.textContent()).toContain(lang === 'de' ? 'Eingewilligt am' : 'Agreed on');
    await shot(staff, `detail-${lang}-${width}`);
  });
});

describe('an application without the box ticked', () => {
  it('carries no consent, and staff read that none was given', async () => {
    const page = await site.page();
    await page.goto(`${site.url}/jobs?lang=en`);
    await page.locator('#contact-form').scrollIntoViewIfNeeded();
    await hydrated(page);
    await contactFormHydrated(page);
    await fillApplication(page, 'en', 'Unticked');
    await page.getByRole('button', { name: texts.en.send }).click();
    await page.locator('#contact-form [data-inquiry-sent]').waitFor();
    const inquiry = await stored('Unticked');
    expect(inquiry.applicationConsent).toBeNull();
    const { dialog } = await openInDashboard('en', viewports.desktop, inquiry.reference);
    expect(await dialog.locator('[data-consent=none]').textContent()).toBe('Not given');
  });

  it('is the same without JavaScript: the box shows by CSS for an application, ticked it is stored', async () => {
    const page = await site.page({ viewport: viewports.phone, javaScriptEnabled: false });
    await page.goto(`${site.url}/jobs`);
    const form = page.locator('#contact-form form');
    const box = form.locator('input[name=applicationConsent]');
    expect(await box.isVisible()).toBe(false);
    await fillApplication(page, 'de', 'Ohneskript');
    expect(await box.isVisible()).toBe(true);
    await box.check();
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/inquiry=sent/);
    const inquiry = await stored('Ohneskript');
    expect(inquiry.applicationConsent).toMatchObject({ language: 'de', text: texts.de.consent });
  });
});

describe('the retention form', () => {
  it.each(['de', 'en'] as const)('shows and sets the application periods (%s)', async (lang) => {
    for (const [viewport, width] of [
      [viewports.phone, 'phone'],
      [viewports.desktop, 'desktop'],
    ] as const) {
      const page = await site.page({ viewport });
      await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${lang}&tab=inquiries`);
      const section = page.getByRole('region', { name: lang === 'de' ? 'Aufbewahrung' : 'Retention', exact: true });
      // Folded below the list until asked for (decision 045).
      await section
        .getByRole('button', { name: lang === 'de' ? 'Aufbewahrung bearbeiten' : 'Edit the retention periods' })
        .click();
      const afterClosing = section.getByLabel(lang === 'de' ? 'Abgeschlossen, ohne Einwilligung' : 'Closed, without consent', {
        exact: true,
      });
      const withConsent = section.getByLabel(
        lang === 'de' ? 'Abgeschlossen, mit Einwilligung für spätere Stellen' : 'Closed, with consent for later openings',
      );
      await afterClosing.waitFor();
      await section.scrollIntoViewIfNeeded();
      await shot(page, `retention-${lang}-${width}`, section);
      expect(await axeViolations(page)).toEqual([]);
      if (width === 'phone') continue;
      const value = lang === 'de' ? '200' : '190';
      await afterClosing.fill(value);
      await withConsent.fill('');
      await section.getByRole('button', { name: lang === 'de' ? 'Aufbewahrung speichern' : 'Save retention' }).click();
      await section
        .getByRole('status')
        .filter({ hasText: lang === 'de' ? 'gespeichert' : 'saved' })
        .waitFor();
      const saved = await api<RetentionSettings>(site.url, token, 'GET', apiRoutes.inbox.retention);
      expect(saved).toMatchObject({ applicationAfterClosing: Number(value), applicationWithConsent: null, application: 180 });
    }
  });
});
