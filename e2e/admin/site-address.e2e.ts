import { beforeAll, describe, expect, it } from 'vitest';
import { type CompanyDetails, apiRoutes, defaultCompanyDetails, siteAddressSchema } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// After the real company is saved, nothing the staff's own pages show names the sample company,
// and the dashboard says which public address is in effect and warns when the site is reached
// under another one (issue 29).

const site = useSite({ SEED_SAMPLE: 'false' });
let token: string;
const website = 'https://www.blitzwerk.example';
const realCompany: CompanyDetails = {
  ...defaultCompanyDetails,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  email: 'info@blitzwerk.example',
  vatId: 'DE123456789',
  website: `${website}/`,
};

beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  await api(site.url, token, 'PUT', apiRoutes.companyDetails, realCompany);
});

const sampleName = new RegExp(defaultCompanyDetails.name);

describe('the staff pages after the company is saved', () => {
  it('/login and /dashboard hold no sample name, as sent and after the app has started', async () => {
    for (const path of ['/login', '/dashboard', '/login?lang=en']) {
      const html = await (await fetch(site.url + path)).text();
      expect(html, path).not.toMatch(sampleName);
      expect(html, path).toContain('Blitzwerk');
    }
    const page = await site.page();
    await page.goto(`${site.url}/login`);
    await page.locator('footer').getByText('Blitzwerk Hanau GmbH', { exact: false }).first().waitFor();
    expect(await page.title()).toContain('Blitzwerk');
    expect(await page.content()).not.toMatch(sampleName);

    await openWithToken(page, site.url, token, '/dashboard?tab=company');
    await page.locator('main').getByRole('textbox', { name: 'Website', exact: true }).waitFor();
    await page.locator('footer').getByText('Blitzwerk Hanau GmbH', { exact: false }).first().waitFor();
    expect(await page.title()).toContain('Blitzwerk');
    expect(await page.content()).not.toMatch(sampleName);
    expect(page.errors).toEqual([]);
  });
});

describe('the dashboard’s own frame', () => {
  it('shows the details just saved in its footer without a reload', async () => {
    const page = await site.page();
    await openWithToken(page, site.url, token, '/dashboard?tab=company');
    const main = page.locator('main');
    await main.getByLabel('Vollständiger Firmenname').fill('Blitzwerk Nord GmbH');
    await main.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('footer').getByText('Blitzwerk Nord GmbH', { exact: false }).first().waitFor();
    await api(site.url, token, 'PUT', apiRoutes.companyDetails, realCompany);
    expect(page.errors).toEqual([]);
  });
});

describe('the public address in the dashboard', () => {
  for (const lang of ['de', 'en'] as const) {
    for (const [name, viewport] of Object.entries(viewports)) {
      it(`names the address in effect at the Website field and warns of another host (${lang}, ${name})`, async () => {
        const page = await site.page({ viewport });
        await openWithToken(page, site.url, token, `/dashboard?lang=${lang}&tab=company`);
        const main = page.locator('main');
        const texts = {
          de: {
            hint: `Suchmaschinen, Linkvorschauen und E-Mails erhalten den Anfang dieser Adresse: ${website}.`,
            heading: 'Die Website wird unter einer anderen Adresse aufgerufen',
          },
          en: {
            hint: `Search engines, link previews and e-mails are given the start of this address: ${website}.`,
            heading: 'The site is being reached under another address',
          },
        }[lang];
        await main.getByText(texts.hint).waitFor();
        // The browser reaches the site under the test server's address, not the saved website's.
        const notice = page.getByRole('region', { name: texts.heading });
        await notice.waitFor();
        await notice.getByText(site.url).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: `/tmp/address-${lang}-${viewport.width}.png`, fullPage: false });
        expect(await axeViolations(page)).toEqual([]);
        expect(page.errors).toEqual([]);
      });
    }
  }

  it('the API the checklist reads says the same', async () => {
    const address = siteAddressSchema.parse(await api(site.url, token, 'GET', apiRoutes.siteAddress));
    expect(address).toMatchObject({ publicOrigin: website, source: 'website', siteUrl: null, matches: false });
    expect(address.requestOrigins).toContain(site.url);
  });
});
