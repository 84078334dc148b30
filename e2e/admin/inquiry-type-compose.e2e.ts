import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InquiryTypeList, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';
import { contactFormHydrated, hydrated } from '../support/public-pages';

// Issue 44: the office composes a type of inquiry of its own in the dashboard's "Formulare" tab,
// with no developer: "Prüftermin vereinbaren" with preferred dates, the building's address, an
// inspection interval and a yes/no. The public form offers it at once, and no longer once removed.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '1000' });
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});

const key = 'pruefterminVereinbaren';
const types = () => api<InquiryTypeList>(site.url, token, 'GET', apiRoutes.inquiryTypes.list);
const typeOf = async (typeKey: string) => (await types()).types.find((t) => t.key === typeKey)!;

async function formsTab(options: { phone?: boolean; lang?: 'de' | 'en'; item?: string } = {}) {
  const page = await site.page({ viewport: options.phone ? viewports.phone : viewports.desktop });
  const item = options.item ? `&item=${options.item}` : '';
  await openWithToken(page, site.url, token, `/dashboard?lang=${options.lang ?? 'de'}&tab=forms${item}`);
  await page.locator('main form[data-type=priceInquiry]').waitFor({ state: 'attached' });
  return page;
}

/** Adds a field of a kind to the visible form and fills in its labels: the focus is in its German label once it is added. */
async function addField(page: Page, form: Locator, kind: string, de: string, en: string): Promise<Locator> {
  await form.getByLabel('Feldart des neuen Feldes').selectOption({ label: kind });
  await form.getByRole('button', { name: 'Feld hinzufügen' }).click();
  const field = form.locator('[data-added-field]').last();
  await expect(field.locator('> legend').innerText()).resolves.toBe(`Neues Feld: ${kind}`);
  const label = field.getByLabel('Bezeichnung (Deutsch)');
  await expect.poll(() => label.evaluate((input) => input === document.activeElement)).toBe(true);
  await page.keyboard.type(de);
  await field.getByLabel('Bezeichnung (Englisch)').fill(en);
  return form.getByRole('group', { name: de, exact: true });
}

/** The footer form on /Services, its island taken over. */
async function servicesPage() {
  const visitor = await site.page({ viewport: viewports.desktop });
  await visitor.goto(`${site.url}/Services`);
  await visitor.locator('#contact-form').scrollIntoViewIfNeeded();
  await hydrated(visitor);
  await contactFormHydrated(visitor);
  return visitor;
}

describe('the forms tab composing a type of its own', () => {
  it('adds “Prüftermin vereinbaren” with preferred dates, an address, a choice and a yes/no; the public form offers it at once', async () => {
    const page = await formsTab();
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Art hinzufügen' }).click();
    const form = main.locator('form[data-type=new]');
    await main.getByRole('button', { name: 'Neue Art', pressed: true }).waitFor();
    await form.getByLabel('Name (Deutsch)').fill('Prüftermin vereinbaren');
    await form.getByLabel('Name (Englisch)').fill('Book an inspection');

    const dates = await addField(page, form, 'Datum', 'Wunschtermine', 'Preferred dates');
    await dates.getByLabel('Pflichtfeld').check();
    await dates.getByLabel('Bis zu drei Wunschtermine').check();
    await dates.getByLabel('Hilfetext (Deutsch)').fill('Bis zu drei Tage, an denen wir kommen können.');
    const address = await addField(page, form, 'Adresse', 'Adresse des Gebäudes', 'Address of the building');
    await address.getByLabel('Pflichtfeld').check();
    const interval = await addField(page, form, 'Auswahl', 'Prüfintervall', 'Inspection interval');
    // A choice starts with its two options to fill in.
    await interval.getByLabel('Möglichkeit 1 (Deutsch)').fill('jährlich');
    await interval.getByLabel('Möglichkeit 1 (Englisch)').fill('every year');
    await interval.getByLabel('Möglichkeit 2 (Deutsch)').fill('alle zwei Jahre');
    await interval.getByLabel('Möglichkeit 2 (Englisch)').fill('every two years');
    await addField(page, form, 'Ja/Nein', 'Zugang zum Dach vorhanden', 'Roof access available');
    // Offered on the services page by a button, and in the subject list.
    await form.getByRole('group', { name: 'Schaltfläche auf den Seiten' }).getByLabel('Leistungen').check();

    // Reordered by keyboard: the yes/no one place up, before the choice; the focus stays on its button.
    // (Names are matched from after the opening quote: Playwright's name match trips over „.)
    const up = form.getByRole('button', { name: 'Zugang zum Dach vorhanden“ nach oben' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => up.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await form.locator('[data-added-field] > legend').allInnerTexts()).toEqual([
      'Wunschtermine',
      'Adresse des Gebäudes',
      'Zugang zum Dach vorhanden',
      'Prüfintervall',
    ]);
    expect(await axeViolations(page)).toEqual([]);

    await form.getByRole('button', { name: 'Speichern' }).click();
    const created = main.locator(`form[data-type=${key}]`);
    await created.getByRole('status').filter({ hasText: 'Angelegt.' }).waitFor();
    // The key, made from the German name, is shown now: its name in the API.
    expect(await created.getByLabel('Schlüssel (Name in der API)').inputValue()).toBe(key);
    expect(await created.getByLabel('Schlüssel (Name in der API)').getAttribute('readonly')).not.toBeNull();
    await main.getByRole('button', { name: 'Prüftermin vereinbaren', pressed: true }).waitFor();
    const saved = await typeOf(key);
    expect(saved).toMatchObject({
      builtIn: false,
      recipients: [],
      retentionDays: null,
      removed: false,
      offeredOn: { subjectList: true, pages: ['services'] },
    });
    expect(saved.fields.slice(5).map((f) => [f.key, f.kind, f.required])).toEqual([
      ['wunschtermine', 'date', true],
      ['adresseDesGebaeudes', 'address', true],
      ['zugangZumDachVorhanden', 'yesNo', false],
      ['pruefintervall', 'choice', false],
    ]);
    expect(saved.fields[5]).toMatchObject({ multiple: true });
    expect(saved.fields[8]!.options!.map((o) => o.key)).toEqual(['jaehrlich', 'alleZweiJahre']);
    // A field's kind is told, not chosen, once saved.
    expect(await created.getByRole('group', { name: 'Wunschtermine' }).getByRole('combobox').count()).toBe(0);
    expect(page.errors).toEqual([]);

    // The public page offers it by its button and in the subject list, and shows its fields only while it is chosen.
    const visitor = await servicesPage();
    expect(
      await visitor
        .getByRole('complementary', { name: 'Direkt anfragen' })
        .getByRole('link', { name: 'Prüftermin vereinbaren' })
        .count(),
    ).toBe(1);
    const firstDate = visitor.getByLabel('Wunschtermine 1');
    expect(await firstDate.isVisible()).toBe(false);
    await visitor.getByLabel('Betreff').selectOption({ label: 'Prüftermin vereinbaren' });
    await firstDate.waitFor();
    expect(await visitor.getByLabel('Wunschtermine 3').isVisible()).toBe(true);
    expect(await visitor.getByLabel('Straße und Hausnummer').isVisible()).toBe(true);
    expect(await visitor.getByRole('radio', { name: 'alle zwei Jahre' }).isVisible()).toBe(true);
    expect(await visitor.getByLabel('Zugang zum Dach vorhanden').isVisible()).toBe(true);
    expect(await visitor.getByLabel('Firmenname').isVisible()).toBe(false);
  });

  it('edits a label in English on a phone; a wrong recipient and retention are named at their fields', async () => {
    const page = await formsTab({ phone: true, lang: 'en', item: key });
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Book an inspection', pressed: true }).waitFor();
    const form = main.locator(`form[data-type=${key}]`);
    expect(await form.getByRole('group', { name: 'Inspection interval', exact: true }).count()).toBe(1);
    // Its legend follows the label typed: found by its key.
    const interval = form.locator('[data-added-field=pruefintervall]');
    await interval.getByLabel('Label (English)').fill('Inspection cycle');
    await interval.getByRole('button', { name: 'Add an option' }).click();
    // The new option's German words have the focus.
    const third = interval.getByLabel('Option 3 (German)');
    await expect.poll(() => third.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('alle vier Jahre');
    await interval.getByLabel('Option 3 (English)').fill('every four years');
    await form.getByLabel('Recipients (e-mail addresses)').fill('pruefung@example.org\nno-address');
    await form.getByLabel('Retention (days after arrival)').fill('soon');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Not a valid e-mail address: no-address').waitFor();
    await form.getByText('A whole number from 1 to 3650, or empty.').waitFor();
    expect(await form.getByLabel('Recipients (e-mail addresses)').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Recipients (e-mail addresses)').fill('pruefung@example.org');
    await form.getByLabel('Retention (days after arrival)').fill('730');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    const saved = await typeOf(key);
    expect(saved).toMatchObject({ recipients: ['pruefung@example.org'], retentionDays: 730 });
    const field = saved.fields.find((f) => f.key === 'pruefintervall')!;
    expect(field.labels).toEqual({ de: 'Prüfintervall', en: 'Inspection cycle' });
    expect(field.options!.map((o) => o.key)).toEqual(['jaehrlich', 'alleZweiJahre', 'alleVierJahre']);
    expect(page.errors).toEqual([]);
  });

  it('gets a confirmation mail in the office’s own words, written with the preview on a phone', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await openWithToken(page, site.url, token, '/dashboard?lang=de&tab=mail');
    const main = page.locator('main');
    await main.getByRole('combobox', { name: 'Art der Anfrage', exact: true }).selectOption(key);
    await main.getByRole('combobox', { name: 'E-Mail', exact: true }).selectOption('confirmation');
    const editor = main.getByRole('form', { name: 'Deutsch', exact: true });
    const body = editor.getByRole('textbox', { name: 'Text (Deutsch)', exact: true });
    const shipped = 'Wir haben sie erhalten und melden uns so bald wie möglich.';
    const words = 'Wir schlagen Ihnen innerhalb von zwei Wochen einen Termin vor.';
    expect(await body.inputValue()).toContain(shipped);
    await body.fill((await body.inputValue()).replace(shipped, words));
    await editor.getByRole('button', { name: 'Vorschau', exact: true }).click();
    const preview = editor.getByRole('region', { name: 'Vorschau mit einer Beispielanfrage (Deutsch)' });
    await preview.getByText(words, { exact: false }).waitFor();
    // The sample inquiry is one of this type.
    expect(await preview.textContent()).toContain('Prüftermin vereinbaren');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await editor.getByRole('button', { name: 'Vorlage speichern', exact: true }).click();
    await editor.getByRole('status').getByText('Gespeichert.').waitFor();
    await editor.getByText('Eigener Text', { exact: true }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it('refuses a save over a colleague’s and names who saved', async () => {
    const page = await formsTab({ item: key });
    const form = page.locator(`main form[data-type=${key}]`);
    await form
      .getByRole('group', { name: 'Wunschtermine', exact: true })
      .getByLabel('Hilfetext (Englisch)')
      .fill('Up to three days');
    // A colleague removes the yes/no meanwhile, sending the type back as read otherwise.
    const before = await typeOf(key);
    await api(site.url, token, 'PUT', apiRoutes.inquiryTypes.list, {
      ...before,
      fields: before.fields.filter((f) => f.key !== 'zugangZumDachVorhanden'),
    });
    await form.getByRole('button', { name: 'Speichern' }).click();
    const conflict = form.getByTestId('edit-conflict');
    await conflict.getByText(/^admin hat das am .* geändert, nachdem Sie es geöffnet haben/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await conflict.getByRole('button', { name: 'Neuen Stand laden' }).click();
    await conflict.waitFor({ state: 'detached' });
    // Their version in the form; what this person typed offered to copy.
    expect(await form.getByRole('group', { name: 'Zugang zum Dach vorhanden' }).count()).toBe(0);
    const typed = form.getByTestId('typed-values');
    await typed.getByText(/^admin hat geändert: Eigene Felder/).waitFor();
    expect(await typed.locator('textarea').inputValue()).toBe('Up to three days');
    expect(page.errors.filter((e) => !e.includes('409'))).toEqual([]);
  });

  it('removes the type after asking: it leaves the tab and the public form, its key is not given again', async () => {
    const page = await formsTab({ item: key });
    const main = page.locator('main');
    const form = main.locator(`form[data-type=${key}]`);
    await form.getByRole('button', { name: 'Art entfernen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Prüftermin vereinbaren“ entfernen' });
    await dialog.getByText(/Ihre Anfragen bleiben erhalten/).waitFor();
    await dialog.getByRole('button', { name: 'Entfernen' }).click();
    await main.getByRole('status').filter({ hasText: 'Prüftermin vereinbaren“ ist entfernt.' }).waitFor();
    expect(await main.getByRole('button', { name: 'Prüftermin vereinbaren' }).count()).toBe(0);
    await main.getByRole('button', { name: 'Preisanfrage', pressed: true }).waitFor();
    expect((await typeOf(key)).removed).toBe(true);

    const visitor = await servicesPage();
    expect(
      await visitor.locator('#contact-form select[name=subject] option', { hasText: 'Prüftermin vereinbaren' }).count(),
    ).toBe(0);

    // The same name again: a new key, since a removed type's key stays its own.
    await main.getByRole('button', { name: 'Art hinzufügen' }).click();
    const again = main.locator('form[data-type=new]');
    await again.getByLabel('Name (Deutsch)').fill('Prüftermin vereinbaren');
    await again.getByLabel('Name (Englisch)').fill('Book an inspection');
    await again.getByRole('button', { name: 'Speichern' }).click();
    const second = main.locator(`form[data-type=${key}2]`);
    await second.getByRole('status').filter({ hasText: 'Angelegt.' }).waitFor();
    expect(await second.getByLabel('Schlüssel (Name in der API)').inputValue()).toBe(`${key}2`);
    expect(page.errors).toEqual([]);
  });
});
