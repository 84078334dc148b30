import { beforeAll, describe, expect, it } from 'vitest';
import { type ContactCreated, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// An inquiry of a type staff added through the API (issue 44, decision 058), read in the inbox:
// named by its type's names, its answers under their own labels, in German and in English.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0' });
const words = (de: string, en: string) => ({ de, en });
const none = words('', '');
let reference: string;

beforeAll(async () => {
  await site.start();
  const token = await apiLogin(site.url);
  await api(site.url, token, 'POST', apiRoutes.inquiryTypes.list, {
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
        help: none,
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
        required: false,
        labels: words('Prüfintervall', 'Inspection interval'),
        help: none,
        options: [
          { key: 'yearly', labels: words('jährlich', 'every year') },
          { key: 'everyTwoYears', labels: words('alle zwei Jahre', 'every two years') },
        ],
      },
    ],
  });
  const form = new FormData();
  const fields: [string, string][] = [
    ['subject', 'inspection'],
    ['firstName', 'Anna'],
    ['lastName', 'Kirchner'],
    ['email', 'anna@gemeinde.example'],
    ['message', 'Die Anlage der Kirche ist fällig.'],
    ['preferredDates', '2027-03-01'],
    ['preferredDates', '2027-03-08'],
    ['buildingAddress.street', 'Kirchplatz 1'],
    ['buildingAddress.postcode', '48143'],
    ['buildingAddress.town', 'Münster'],
    ['interval', 'everyTwoYears'],
    ['language', 'de'],
  ];
  for (const [name, value] of fields) form.append(name, value);
  const res = await fetch(`${site.url}/api/v1/Contact`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  reference = ((await res.json()) as ContactCreated).reference;
  // Another inquiry beside it, of one of SPEC.md's types.
  const other = new FormData();
  for (const [name, value] of fields) other.append(name, name === 'subject' ? 'generalMessage' : value);
  other.append('phone', '0251 12345');
  expect((await fetch(`${site.url}/api/v1/Contact`, { method: 'POST', body: other })).status).toBe(201);
});

async function openInquiry(lang: 'de' | 'en', phone: boolean) {
  const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${lang}&tab=inquiries`);
  const row = page.locator(`main tbody tr[data-inquiry="${reference}"]`);
  await row.waitFor();
  await row.getByRole('button', { name: /^Open|^Öffnen/ }).click();
  await page.getByRole('dialog').getByRole('heading', { level: 3 }).first().waitFor();
  return page;
}

describe('an inquiry of a type staff added', () => {
  it('is named by its type and shows its answers under their labels, in German on a desktop', async () => {
    const page = await openInquiry('de', false);
    expect(await page.locator(`main tbody tr[data-inquiry="${reference}"]`).innerText()).toContain('Prüftermin vereinbaren');
    const dialog = page.getByRole('dialog');
    const text = await dialog.innerText();
    expect(text).toContain('Prüftermin vereinbaren');
    expect(text).toMatch(/Wunschtermine\s+01\.03\.2027, 08\.03\.2027/);
    expect(text).toMatch(/Adresse des Gebäudes\s+Kirchplatz 1, 48143 Münster/);
    expect(text).toMatch(/Prüfintervall\s+alle zwei Jahre/);
    expect(await axeViolations(page)).toEqual([]);
    // The inbox filters by it.
    await page.keyboard.press('Escape');
    await page.getByLabel('Art', { exact: true }).selectOption({ label: 'Prüftermin vereinbaren' });
    await expect.poll(() => page.locator('main tbody tr[data-inquiry]').count()).toBe(1);
    expect(page.errors).toEqual([]);
  });

  it('in English on a phone', async () => {
    const page = await openInquiry('en', true);
    const text = await page.getByRole('dialog').innerText();
    expect(text).toContain('Book an inspection');
    expect(text).toMatch(/Preferred dates\s+1 Mar 2027, 8 Mar 2027/);
    expect(text).toMatch(/Inspection interval\s+every two years/);
    expect(page.errors).toEqual([]);
  });
});
