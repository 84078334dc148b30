import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactCreated, InquiryDetail, LoginResponse } from '@blitz/contract';
import { axeViolations } from '../support/admin-helpers';
import { admin, useSite, viewports } from '../support/harness';
import { contactFormHydrated, hydrated } from '../support/public-pages';

// The footer form offering a type staff added (issue 44, decision 058): "Prüftermin vereinbaren"
// with preferred dates, the building's address, an interval and the roof access, with and
// without JavaScript; its fields show only while it is chosen.
const site = useSite({ CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '1000' });
let token = '';
const words = (de: string, en: string) => ({ de, en });
const none = words('', '');

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${site.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  await site.start();
  const login = await fetch(`${site.url}/api/v1/login/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  token = ((await login.json()) as LoginResponse).jwtToken;
  await call('POST', '/InquiryType', {
    key: 'inspection',
    names: words('Prüftermin vereinbaren', 'Book an inspection'),
    fields: [
      ...['phone', 'CompanyName', 'BuildingSize', 'CompanyAddress', 'Regards'].map((key) => ({
        key,
        shown: key === 'phone',
        required: false,
        labels: none,
        help: none,
      })),
      {
        key: 'preferredDates',
        kind: 'date',
        multiple: true,
        shown: true,
        required: true,
        labels: words('Wunschtermine', 'Preferred dates'),
        help: words('Bis zu drei Tage, an denen wir kommen können.', 'Up to three days on which we may come.'),
      },
      {
        key: 'buildingAddress',
        kind: 'address',
        shown: true,
        required: true,
        labels: words('Adresse des Gebäudes', 'Address of the building'),
        help: none,
      },
      {
        key: 'interval',
        kind: 'choice',
        shown: true,
        required: true,
        labels: words('Prüfintervall', 'Inspection interval'),
        help: none,
        options: [
          { key: 'yearly', labels: words('jährlich', 'every year') },
          { key: 'everyTwoYears', labels: words('alle zwei Jahre', 'every two years') },
        ],
      },
      {
        key: 'roofArea',
        kind: 'number',
        shown: true,
        required: false,
        labels: words('Dachfläche', 'Roof area'),
        help: none,
        unit: words('m²', 'm²'),
      },
      {
        key: 'roofAccess',
        kind: 'yesNo',
        shown: true,
        required: false,
        labels: words('Zugang zum Dach vorhanden', 'Roof access available'),
        help: none,
      },
    ],
    recipients: [],
    retentionDays: 730,
    offeredOn: { subjectList: true, pages: ['services'] },
  });
  // Offered by the services page's button only, not in the subject list.
  await call('POST', '/InquiryType', {
    key: 'callback',
    names: words('Rückruf erbeten', 'Call me back'),
    fields: [
      ...['phone', 'CompanyName', 'BuildingSize', 'CompanyAddress', 'Regards'].map((key) => ({
        key,
        shown: key === 'phone',
        required: key === 'phone',
        labels: none,
        help: none,
      })),
      {
        key: 'bestTime',
        kind: 'line',
        shown: true,
        required: false,
        labels: words('Am besten erreichbar', 'Best time to call'),
        help: none,
      },
      {
        key: 'topics',
        kind: 'choice',
        multiple: true,
        shown: true,
        required: true,
        labels: words('Worum geht es?', 'What is it about?'),
        help: none,
        options: [
          { key: 'offer', labels: words('ein Angebot', 'a quote') },
          { key: 'damage', labels: words('ein Schaden', 'damage') },
        ],
      },
    ],
    offeredOn: { subjectList: false, pages: ['services'] },
  });
}, 60_000);

async function stored(reference: string): Promise<InquiryDetail> {
  const list = await call<{ data: { id: number; reference: string }[] }>('GET', '/Inquiry');
  const found = list.data.find((i) => i.reference === reference)!;
  return call<InquiryDetail>('GET', `/Inquiry/${found.id}`);
}

/** What a screen reader reads after a control's name: its accessible description, as Chromium computes it. */
async function description(page: Page, selector: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
  await cdp.detach();
  return String(nodes[0]?.description?.value ?? '');
}

async function fillPerson(page: Page, lang: 'de' | 'en') {
  await page.getByLabel(lang === 'de' ? 'Vorname' : 'First name').fill('Anna');
  await page.getByLabel(lang === 'de' ? 'Nachname' : 'Last name').fill('Kirchner');
  await page.locator('#contact-form input[name=email]').fill('anna@gemeinde.example');
  await page.getByLabel(lang === 'de' ? 'Nachricht' : 'Message').fill('Die Anlage der Kirche ist fällig.');
}

describe('the footer form offering a type staff added', () => {
  it('shows its fields while it is chosen, checks them, and sends them, with JavaScript', async () => {
    const page = await site.page({ viewport: viewports.desktop });
    await page.goto(`${site.url}/Services`);
    await page.locator('#contact-form').scrollIntoViewIfNeeded();
    await hydrated(page);
    const dates = page.locator('#contact-added-preferredDates');
    expect(await dates.count()).toBe(1);
    expect(await dates.isVisible()).toBe(false);
    await page.getByLabel('Betreff').selectOption({ label: 'Prüftermin vereinbaren' });
    await contactFormHydrated(page);
    expect(await dates.isVisible()).toBe(true);
    expect(await page.getByLabel('Firmenname').isVisible()).toBe(false);
    expect(await page.locator('#contact-added-preferredDates-hint').innerText()).toBe(
      'Bis zu drei Tage, an denen wir kommen können.',
    );
    expect(await axeViolations(page)).toEqual([]);

    await fillPerson(page, 'de');
    await page.getByLabel('Wunschtermine 1').fill('2027-03-01');
    await page.getByLabel('Wunschtermine 2').fill('2027-03-08');
    await page.getByRole('radio', { name: 'alle zwei Jahre' }).check();
    await page.getByLabel('Dachfläche').fill('viel');
    // The address is missing and the roof area is no number: both named, marked at their fields.
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(page.locator('[data-notification=error]').first().textContent()).resolves.toBe(
      'Fehlende Felder: Adresse des Gebäudes',
    );
    expect(await page.getByLabel('Straße und Hausnummer').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Straße und Hausnummer').fill('Kirchplatz 1');
    await page.getByLabel('PLZ').fill('48143');
    await page.getByLabel('Ort').fill('Münster');
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await page.locator('[data-notification=error]', { hasText: 'Ungültige Felder: Dachfläche' }).waitFor();
    expect(await page.getByLabel('Dachfläche').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Straße und Hausnummer').getAttribute('aria-invalid')).toBe('false');
    await page.getByLabel('Dachfläche').fill('420,5');
    await page.getByLabel('Zugang zum Dach vorhanden').check();

    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    expect((await answer).status()).toBe(201);
    const { reference } = (await (await answer).json()) as ContactCreated;
    const inquiry = await stored(reference);
    expect(inquiry.subject).toBe('inspection');
    expect(inquiry.answers.map((a) => [a.key, a.text.de])).toEqual([
      ['preferredDates', '01.03.2027, 08.03.2027'],
      ['buildingAddress', 'Kirchplatz 1, 48143 Münster'],
      ['interval', 'alle zwei Jahre'],
      ['roofArea', '420,5 m²'],
      ['roofAccess', 'Ja'],
    ]);

    // "Send another": the form again, its added fields there and empty.
    await page.locator('[data-inquiry-sent] a').click();
    await page.getByLabel('Betreff').selectOption({ label: 'Prüftermin vereinbaren' });
    expect(await page.getByLabel('Wunschtermine 1').inputValue()).toBe('');
    expect(await page.getByLabel('PLZ').isVisible()).toBe(true);
    expect(page.errors).toEqual([]);
  });

  it('is offered by a button on the page staff chose, also a type not in the subject list', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await page.goto(`${site.url}/Services`);
    const offers = page.getByRole('complementary', { name: 'Direkt anfragen' });
    expect(await offers.getByRole('link').allInnerTexts()).toEqual(['Prüftermin vereinbaren', 'Rückruf erbeten']);
    const subjects = page.locator('#contact-form select[name=subject] option:not([hidden])');
    expect(await subjects.allInnerTexts()).not.toContain('Rückruf erbeten');
    await offers.getByRole('link', { name: 'Rückruf erbeten' }).click();
    await page.waitForURL(/subject=callback#contact-form/);
    expect(await page.locator('#contact-form select[name=subject]').inputValue()).toBe('callback');
    expect(await page.getByLabel('Am besten erreichbar').isVisible()).toBe(true);
    expect(await page.getByLabel('Wunschtermine 1').isVisible()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    // Other pages offer nothing.
    await page.goto(`${site.url}/aboutus`);
    expect(await page.getByRole('complementary', { name: 'Direkt anfragen' }).count()).toBe(0);
  });

  it('marks what only the server checks (a required choice of several), and says so to a screen reader', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await page.goto(`${site.url}/Services?subject=callback#contact-form`);
    await hydrated(page);
    await contactFormHydrated(page);
    const topics = '#contact-form [data-shown-for] fieldset:has(input[name=topics])';
    expect(await description(page, topics)).toBe('');
    await fillPerson(page, 'de');
    await page.getByLabel('Telefon').fill('0251 12345');
    // No box can carry "at least one" for the browser: the server refuses, the island marks it.
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await page.locator('[data-notification=error]', { hasText: 'Fehlende Felder: Worum geht es?' }).waitFor();
    expect(await page.locator(topics).getAttribute('data-error')).toBe('missing');
    expect(await page.getByRole('checkbox', { name: 'ein Angebot' }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`${topics} [data-error-when=missing]`).isVisible()).toBe(true);
    expect(await description(page, topics)).toBe('Bitte füllen Sie dieses Feld aus.');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('checkbox', { name: 'ein Schaden' }).check();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    expect((await answer).status()).toBe(201);
    // The refusal above is logged; nothing else.
    expect(page.errors.filter((e) => !/400/.test(e))).toEqual([]);
  });

  it('works without JavaScript on a phone in English, and keeps what was typed when refused', async () => {
    const page = await site.page({ viewport: viewports.phone, javaScriptEnabled: false });
    await page.goto(`${site.url}/?lang=en`);
    await page.getByLabel('Subject').selectOption({ label: 'Book an inspection' });
    await fillPerson(page, 'en');
    await page.getByLabel('Preferred dates 1').fill('2027-04-12');
    await page.getByLabel('Street and number').fill('Kirchplatz 1');
    await page.getByLabel('Postcode').fill('48143');
    await page.getByLabel('Town').fill('Münster');
    // No interval chosen: the server says so, and the page comes back with what was typed.
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.locator('[data-notification=error]').first().waitFor();
    expect(await page.locator('[data-notification=error]').first().textContent()).toContain('Inspection interval');
    expect(await description(page, '#contact-form fieldset:has(input[name=interval])')).toBe('Please fill in this field.');
    expect(await page.getByLabel('Street and number').inputValue()).toBe('Kirchplatz 1');
    expect(await page.getByLabel('Preferred dates 1').inputValue()).toBe('2027-04-12');
    expect(await page.getByLabel('Preferred dates 1').isVisible()).toBe(true);

    await page.getByRole('radio', { name: 'every year' }).check();
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/inquiry=sent/);
    const reference = await page.locator('[data-inquiry-sent] .whitespace-nowrap').innerText();
    const inquiry = await stored(reference);
    expect(inquiry.answers.map((a) => a.text.en)).toEqual(['12 Apr 2027', 'Kirchplatz 1, 48143 Münster', 'every year']);
  });
});
