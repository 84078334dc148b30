import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactCreated, InquiryDetail, InquiryTypeList, LoginResponse } from '@blitz/contract';
import { admin, useSite, viewports } from '../support/harness';
import { contactFormHydrated, hydrated } from '../support/public-pages';

// The footer form as staff shaped it (issue 44): a price inquiry whose company fields are
// optional and worded for homeowners and parishes, and a general message without a required phone.
const site = useSite({ CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '1000' });
let token = '';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${site.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Changes one type's fields as staff do: what was read, sent back changed. */
async function shape(key: string, change: (field: InquiryTypeList['types'][number]['fields'][number]) => object) {
  const list = await call<InquiryTypeList>('GET', '/InquiryType');
  const type = list.types.find((t) => t.key === key)!;
  await call('PUT', '/InquiryType', { ...type, fields: type.fields.map((f) => ({ ...f, ...change(f) })) });
}

beforeAll(async () => {
  await site.start();
  const login = await fetch(`${site.url}/api/v1/login/Auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  token = ((await login.json()) as LoginResponse).jwtToken;
  await shape('priceInquiry', (f) =>
    f.key === 'CompanyName'
      ? { required: false, labels: { de: 'Firma oder Gemeinde', en: 'Company or parish' } }
      : f.key === 'CompanyAddress'
        ? { required: false }
        : f.key === 'BuildingSize'
          ? { help: { de: 'Dachfläche in m²', en: 'Roof area in m²' } }
          : {},
  );
  await shape('generalMessage', (f) => (f.key === 'phone' ? { required: false } : {}));
}, 60_000);

/** What a field's label shows (the star is for the eye; screen readers hear "required"). */
const labelText = (page: Page, name: string) => page.locator(`label[for=contact-${name}]`).innerText();

async function fillPerson(page: Page, lang: 'de' | 'en') {
  await page.getByLabel(lang === 'de' ? 'Vorname' : 'First name').fill('Erika');
  await page.getByLabel(lang === 'de' ? 'Nachname' : 'Last name').fill('Musterfrau');
  await page.locator('#contact-form input[name=email]').fill('erika@example.org');
  await page.getByLabel(lang === 'de' ? 'Nachricht' : 'Message').fill('Ein Angebot für unser Gemeindehaus, bitte.');
}

async function stored(reference: string): Promise<InquiryDetail> {
  const list = await call<{ data: { id: number; reference: string }[] }>('GET', '/Inquiry');
  const found = list.data.find((i) => i.reference === reference)!;
  return call<InquiryDetail>('GET', `/Inquiry/${found.id}`);
}

describe('the footer form as staff shaped it', () => {
  it('asks a price inquiry for the company only if the visitor has one, in staff’s words, with JavaScript', async () => {
    const page = await site.page({ viewport: viewports.desktop });
    await page.goto(`${site.url}/Services`);
    await page.locator('#contact-form').scrollIntoViewIfNeeded();
    await hydrated(page);
    // Before a type is chosen, the phone is asked for as most types ask for it: required.
    expect(await labelText(page, 'phone')).toBe('Telefon *');
    await page.getByLabel('Betreff').selectOption('generalMessage');
    await contactFormHydrated(page);
    expect(await labelText(page, 'phone')).toBe('Telefon');
    expect(await page.getByLabel('Firma oder Gemeinde').isVisible()).toBe(false);

    await page.getByLabel('Betreff').selectOption('priceInquiry');
    expect(await labelText(page, 'phone')).toBe('Telefon *');
    expect(await labelText(page, 'CompanyName')).toBe('Firma oder Gemeinde');
    expect(await labelText(page, 'CompanyAddress')).toBe('Firmenadresse');
    expect(await labelText(page, 'BuildingSize')).toBe('Gebäudegröße *');
    await expect(page.locator('#contact-BuildingSize-hint').innerText()).resolves.toBe('Dachfläche in m²');

    await fillPerson(page, 'de');
    await page.getByLabel('Telefon').fill('06181 12345');
    // A required field still stops the send: the building size, in the spec's notice.
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    await expect(page.locator('[data-notification=error]').first().textContent()).resolves.toBe(
      'Fehlende Felder der Preisanfrage: Gebäudegröße, Anliegen',
    );
    await page.getByLabel('Gebäudegröße').fill('Gemeindehaus, 300 m²');
    await page.getByRole('checkbox', { name: 'Blitzschutzanlage' }).check();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    expect((await answer).status()).toBe(201);
    const { reference } = (await (await answer).json()) as ContactCreated;
    expect(await stored(reference)).toMatchObject({
      companyName: null,
      companyAddress: null,
      buildingSize: 'Gemeindehaus, 300 m²',
      formVersion: 2,
      fieldLabels: [{ key: 'CompanyName', de: 'Firma oder Gemeinde', en: 'Company or parish' }],
    });
    expect(page.errors).toEqual([]);
  });

  it('does the same without JavaScript, on a phone, in English', async () => {
    const page = await site.page({ viewport: viewports.phone, javaScriptEnabled: false });
    await page.goto(`${site.url}/?lang=en`);
    await page.getByLabel('Subject').selectOption('priceInquiry');
    expect(await labelText(page, 'CompanyName')).toBe('Company or parish');
    await fillPerson(page, 'en');
    await page.getByLabel('Phone').fill('06181 12345');
    await page.getByLabel('Building size').fill('Parish hall, 300 m²');
    await page.getByRole('checkbox', { name: 'Earthing' }).check();
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/inquiry=sent/);
    const reference = await page.locator('[data-inquiry-sent] .whitespace-nowrap').innerText();
    expect(await stored(reference)).toMatchObject({ companyName: null, buildingSize: 'Parish hall, 300 m²', language: 'en' });
  });

  it('takes an inquiry checked against the form its sender saw, though staff changed the form meanwhile', async () => {
    const page = await site.page({ viewport: viewports.desktop });
    await page.goto(`${site.url}/Services`);
    await page.locator('#contact-form').scrollIntoViewIfNeeded();
    await hydrated(page);
    await page.getByLabel('Betreff').selectOption('priceInquiry');
    await contactFormHydrated(page);
    // Meanwhile the office asks for the company again.
    await shape('priceInquiry', (f) => (f.key === 'CompanyName' ? { required: true } : {}));
    await fillPerson(page, 'de');
    await page.getByLabel('Telefon').fill('06181 12345');
    await page.getByLabel('Gebäudegröße').fill('Einfamilienhaus');
    await page.getByRole('checkbox', { name: 'Planung' }).check();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/Contact'));
    await page.getByRole('button', { name: 'Anfrage senden' }).click();
    expect((await answer).status()).toBe(201);
    const { reference } = (await (await answer).json()) as ContactCreated;
    expect(await stored(reference)).toMatchObject({ companyName: null, formVersion: 2 });
    // A page loaded now asks for it.
    const fresh = await site.page({ viewport: viewports.desktop });
    await fresh.goto(`${site.url}/Services`);
    await fresh.getByLabel('Betreff').selectOption('priceInquiry');
    expect(await labelText(fresh, 'CompanyName')).toBe('Firma oder Gemeinde *');
  });
});
