import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InquiryList, type InquiryTypeList, apiRoutes, apiUrl } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';
import { contactFormHydrated, hydrated } from '../support/public-pages';

// Issue 44: the office makes the company fields of a price inquiry optional for homeowners in
// the dashboard's "Formulare" tab, with no developer; a visitor then sends one without them.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '1000' });
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});

const types = () => api<InquiryTypeList>(site.url, token, 'GET', apiRoutes.inquiryTypes.list);
const typeOf = async (key: string) => (await types()).types.find((t) => t.key === key)!;
const fieldOf = async (type: string, field: string) => (await typeOf(type)).fields.find((f) => f.key === field)!;

async function formsTab(options: { phone?: boolean; lang?: 'de' | 'en'; item?: string } = {}) {
  const page = await site.page({ viewport: options.phone ? viewports.phone : viewports.desktop });
  const item = options.item ? `&item=${options.item}` : '';
  await openWithToken(page, site.url, token, `/dashboard?lang=${options.lang ?? 'de'}&tab=forms${item}`);
  await page.locator('main form[data-type=priceInquiry]').waitFor({ state: 'attached' });
  return page;
}
/** One adjustable field's settings (its fieldset, named by the field's usual name). */
const field = (page: Page, name: string) => page.locator('main form:visible').getByRole('group', { name, exact: true });

describe('the dashboard’s forms tab', () => {
  it('lets an admin make company name and address of a price inquiry optional; a visitor sends one without them and the inbox names the field as staff did', async () => {
    const page = await formsTab();
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Formulare' }).waitFor();
    // The whole form in sight: the fixed fields are always required.
    expect(await main.locator('form:visible').getByText('immer Pflichtfeld').count()).toBe(4);
    expect(await main.getByRole('button', { name: 'Preisanfrage', pressed: true }).count()).toBe(1);

    // A field not shown cannot be required: the box goes off and cannot be ticked.
    const size = field(page, 'Gebäudegröße');
    await size.getByLabel('Anzeigen').uncheck();
    expect(await size.getByLabel('Pflichtfeld').isDisabled()).toBe(true);
    expect(await size.getByLabel('Pflichtfeld').isChecked()).toBe(false);
    await size.getByLabel('Anzeigen').check();
    await size.getByLabel('Pflichtfeld').check();

    const company = field(page, 'Firmenname');
    await company.getByLabel('Pflichtfeld').uncheck();
    await company.getByLabel('Bezeichnung (Deutsch)').fill('Firma oder Gemeinde');
    expect(await company.getByLabel('Bezeichnung (Englisch)').getAttribute('placeholder')).toBe('Company name');
    await field(page, 'Firmenadresse').getByLabel('Pflichtfeld').uncheck();

    // Leaving with the changes unsaved asks first.
    await main.getByRole('tab', { name: 'Texte' }).click();
    await page.getByRole('dialog', { name: 'Änderungen verwerfen?' }).getByRole('button', { name: 'Weiter bearbeiten' }).click();
    expect(await axeViolations(page)).toEqual([]);

    await main.getByRole('button', { name: 'Speichern' }).click();
    await main.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor();
    expect(await fieldOf('priceInquiry', 'CompanyName')).toMatchObject({
      shown: true,
      required: false,
      labels: { de: 'Firma oder Gemeinde', en: '' },
    });
    expect(await fieldOf('priceInquiry', 'CompanyAddress')).toMatchObject({ shown: true, required: false });
    expect(await fieldOf('priceInquiry', 'BuildingSize')).toMatchObject({ shown: true, required: true });
    expect(page.errors).toEqual([]);

    // A visitor on the home page chooses a price inquiry and leaves the company out.
    const visitor = await site.page();
    await visitor.goto(`${site.url}/`);
    await visitor.locator('#contact-form').scrollIntoViewIfNeeded();
    await hydrated(visitor);
    await contactFormHydrated(visitor);
    await visitor.getByLabel('Betreff').selectOption('priceInquiry');
    await visitor.getByLabel('Vorname').fill('Hanna');
    await visitor.getByLabel('Nachname').fill('Hausbesitzerin');
    await visitor.getByLabel('Telefon').fill('+49 6181 55555');
    await visitor.locator('#contact-form input[name=email]').fill('hanna@example.org');
    await visitor.getByLabel('Gebäudegröße').fill('Einfamilienhaus');
    await visitor.getByRole('checkbox', { name: 'Blitzschutzanlage' }).check();
    await visitor.getByLabel('Nachricht').fill('Ein Angebot für unser Wohnhaus, bitte.');
    // The form shows the company fields without their required marks, and sends without them.
    expect(await visitor.locator('label[for=contact-CompanyName]').innerText()).toBe('Firma oder Gemeinde');
    const answer = visitor.waitForResponse((r) => r.url().endsWith(apiUrl(apiRoutes.contact.send)));
    await visitor.getByRole('button', { name: 'Anfrage senden' }).click();
    expect((await answer).status()).toBe(201);
    await visitor.locator('[data-notification=success]').waitFor();

    const { data } = await api<InquiryList>(site.url, token, 'GET', apiRoutes.inbox.list);
    const sent = data.find((i) => i.lastName === 'Hausbesitzerin')!;
    expect(sent).toMatchObject({ subject: 'priceInquiry' });

    // The inbox shows its fields as the visitor read them.
    await main.getByRole('tab', { name: /^Anfragen/ }).click();
    const row = main.locator(`tbody tr[data-inquiry="${sent.reference}"]`);
    await row.getByRole('button', { name: /^Öffnen/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Hausbesitzerin').first().waitFor();
    const term = dialog.locator('dt', { hasText: 'Firma oder Gemeinde' });
    await term.waitFor();
    expect(await dialog.locator('dt', { hasText: 'Firmenadresse' }).count()).toBe(1);
    expect(await dialog.locator('dt', { hasText: /^Firmenname$/ }).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('works in English on a phone: the general message’s phone made optional, with a help text', async () => {
    const page = await formsTab({ phone: true, lang: 'en' });
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Forms' }).waitFor();
    // Staff's words from the first test are in the price inquiry's form.
    expect(await field(page, 'Company name').getByLabel('Label (German)').inputValue()).toBe('Firma oder Gemeinde');
    await main.getByRole('button', { name: 'General message' }).click();
    await main.locator('form[data-type=generalMessage]').waitFor();
    const phone = field(page, 'Phone');
    expect(await phone.getByLabel('Required').isChecked()).toBe(true);
    await phone.getByLabel('Required').uncheck();
    await phone.getByLabel('Help text (English)').fill('Only if you would like us to call you back');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(await axeViolations(page)).toEqual([]);
    await main.locator('form:visible').getByRole('button', { name: 'Save' }).click();
    await main.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await fieldOf('generalMessage', 'phone')).toMatchObject({
      shown: true,
      required: false,
      help: { de: '', en: 'Only if you would like us to call you back' },
    });
    expect(page.errors).toEqual([]);
  });

  it('refuses a save over a colleague’s: says who saved, loads their version keeping what was typed to copy, or saves this one anyway', async () => {
    // Opened as the audit trail's "Open" opens a type: the address names it.
    const page = await formsTab({ item: 'application' });
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Bewerbung', pressed: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('item')).toBeNull();
    const phone = field(page, 'Telefon');
    await phone.getByLabel('Bezeichnung (Deutsch)').fill('Telefon für Rückfragen');

    // A colleague saves the same type, from the same revision, first.
    const application = await typeOf('application');
    await api(site.url, token, 'PUT', apiRoutes.inquiryTypes.list, {
      ...application,
      names: { de: 'Bewerbung (Ausbildung)', en: '' },
    });

    const form = main.locator('form[data-type=application]');
    await form.getByRole('button', { name: 'Speichern' }).click();
    const conflict = form.getByTestId('edit-conflict');
    await conflict.getByText(/^admin hat das am .* geändert, nachdem Sie es geöffnet haben/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await conflict.getByRole('button', { name: 'Neuen Stand laden' }).click();
    await conflict.waitFor({ state: 'detached' });
    // Their name is in the form now; what this person typed is offered to copy.
    expect(await form.getByLabel('Name (Deutsch)').inputValue()).toBe('Bewerbung (Ausbildung)');
    const typed = form.getByTestId('typed-values');
    await typed.getByText('admin hat geändert: Name (Deutsch)').waitFor();
    expect(await typed.locator('textarea').inputValue()).toBe('Telefon für Rückfragen');
    expect(await phone.getByLabel('Bezeichnung (Deutsch)').inputValue()).toBe('');

    await phone.getByLabel('Bezeichnung (Deutsch)').fill('Telefon für Rückfragen');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor();
    expect(await typeOf('application')).toMatchObject({ names: { de: 'Bewerbung (Ausbildung)', en: '' } });
    expect((await fieldOf('application', 'phone')).labels.de).toBe('Telefon für Rückfragen');

    // Once more, and this time "Save mine anyway": this person's version wins, the colleague's goes.
    await form.getByLabel('Name (Deutsch)').fill('Bewerbung');
    await api(site.url, token, 'PUT', apiRoutes.inquiryTypes.list, {
      ...(await typeOf('application')),
      names: { de: 'Initiativbewerbung', en: '' },
    });
    await form.getByRole('button', { name: 'Speichern' }).click();
    await conflict.getByRole('button', { name: 'Trotzdem meine Fassung speichern' }).click();
    await form.getByRole('status').filter({ hasText: 'Gespeichert.' }).waitFor();
    expect((await typeOf('application')).names.de).toBe('Bewerbung');
    // The refused saves' answers are logged by the browser; nothing else.
    expect(page.errors.filter((e) => !e.includes('409'))).toEqual([]);
  });
});
