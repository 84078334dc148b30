import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CustomPage, type CustomPageList, type LibraryFile, apiRoutes, apiUrl } from '@blitz/contract';
import { api, apiLogin, axeViolations, libraryPicture, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// The page editor (issue 45, decision 062): an editor builds the autumn campaign's page
// ("Wiederkehrende Prüfung nach DIN EN 62305-3") from a text, a picture of the file library, a
// list of references and a call to action, saves it as a draft, and publishes it into the
// navigation; the API shows what was saved (the public page is built elsewhere). An address
// another page holds is said at the field, and nothing typed is lost. German on a phone, English
// on a desktop.

const site = useSite();
let token: string;
let picture: LibraryFile;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  picture = await libraryPicture(
    site,
    token,
    {
      title: { de: 'Prüfer an der Fangstange', en: 'Inspector at the air terminal' },
      alt: { de: 'Ein Prüfer misst an einer Fangstange', en: 'An inspector measuring at an air terminal' },
    },
    'pruefer.png',
  );
});

const texts = {
  de: {
    tab: 'Seiten',
    add: 'Seite hinzufügen',
    caption: 'Eigene Seiten',
    titleDe: 'Titel (Deutsch)',
    titleEn: 'Titel (Englisch)',
    address: 'Adresse',
    section: (n: number, kind: string) => `Abschnitt ${n}: ${kind}`,
    kinds: { text: 'Text', picture: 'Bild', references: 'Referenzen', callToAction: 'Aufruf zur Anfrage' },
    textDe: 'Text (Deutsch)',
    textEn: 'Text (Englisch)',
    headingDe: 'Überschrift (Deutsch)',
    headingEn: 'Überschrift (Englisch)',
    buttonDe: 'Beschriftung des Knopfs (Deutsch)',
    buttonEn: 'Beschriftung des Knopfs (Englisch)',
    order: 'Reihenfolge',
    staffOrder: 'Wie in der Galerie',
    inquiryType: 'Anfrageart',
    priceInquiry: 'Preisanfrage',
    moveUp: (name: string) => `${name} nach oben`,
    moveDown: (name: string) => `${name} nach unten`,
    moved: (kind: string, n: number, total: number) => `Abschnitt „${kind}“ steht jetzt an Stelle ${n} von ${total}.`,
    linkProblem: 'Gemeint ist wohl „https://www.vde.com“',
    saveDraft: 'Als Entwurf speichern',
    publish: 'Veröffentlichen',
    edit: 'Bearbeiten',
    draft: 'Entwurf',
    published: 'Veröffentlicht',
    place: 'Verlinkt in',
    navigation: 'Navigation',
    placeOrder: 'Position',
    linkTitle: 'Linktext (Deutsch)',
    preview: 'Vorschau (DE)',
    previewLink: 'Vorschau (DE)',
    addressHeld: (title: string) => `Die Seite „${title}“ hat diese Adresse schon.`,
    addressTaken: 'Diese Adresse ist vergeben',
    loadTheirs: 'Neuen Stand laden',
    theirFields: 'Titel (Englisch)',
  },
  en: {
    tab: 'Pages',
    add: 'Add page',
    caption: 'Pages of your own',
    titleDe: 'Title (German)',
    titleEn: 'Title (English)',
    address: 'Address',
    section: (n: number, kind: string) => `Section ${n}: ${kind}`,
    kinds: { text: 'Text', picture: 'Picture', references: 'References', callToAction: 'Call to action' },
    textDe: 'Text (German)',
    textEn: 'Text (English)',
    headingDe: 'Heading (German)',
    headingEn: 'Heading (English)',
    buttonDe: 'Button label (German)',
    buttonEn: 'Button label (English)',
    order: 'Order',
    staffOrder: 'As in the gallery',
    inquiryType: 'Inquiry type',
    priceInquiry: 'Price inquiry',
    moveUp: (name: string) => `Move ${name} up`,
    moveDown: (name: string) => `Move ${name} down`,
    moved: (kind: string, n: number, total: number) => `Section “${kind}” is now at position ${n} of ${total}.`,
    linkProblem: 'You probably mean “https://www.vde.com”',
    saveDraft: 'Save as draft',
    publish: 'Publish',
    edit: 'Edit',
    draft: 'Draft',
    published: 'Published',
    place: 'Linked from',
    navigation: 'Navigation',
    placeOrder: 'Position',
    linkTitle: 'Link text (German)',
    preview: 'Preview (EN)',
    previewLink: 'Preview (EN)',
    addressHeld: (title: string) => `The page “${title}” already has this address.`,
    addressTaken: 'This address is taken',
    loadTheirs: 'Load their version',
    theirFields: 'Title (English)',
  },
} as const;

const campaign = {
  de: 'Wiederkehrende Prüfung nach DIN EN 62305-3',
  en: 'Periodic inspection to DIN EN 62305-3',
  markupDe: [
    '## Warum prüfen?',
    '',
    'Eine Anlage schützt nur, **solange sie intakt ist**. Mehr in den [Leistungen](/Services).',
    '',
    '- Sichtprüfung',
    '- *Messung* der Erdung',
  ].join('\n'),
  markupEn: 'A system protects only **while it is intact**.',
};

async function shot(page: Page, name: string) {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Nothing wider than a phone's screen. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

const pagesNow = async () =>
  (await api<CustomPageList>(site.url, token, 'GET', `${apiRoutes.customPages.list}?PageLength=100`)).data;

async function openTab(page: Page, lang: 'de' | 'en') {
  const t = texts[lang];
  await openWithToken(page, site.url, token, `/dashboard?lang=${lang}`);
  const main = page.locator('main');
  await main.getByRole('tab', { name: t.tab }).click();
  await main.getByRole('table', { name: t.caption }).waitFor();
  return main;
}

/** Adds a section of a kind from the row of buttons under the sections; it is the `n`th. */
async function addSection(dialog: Locator, lang: 'de' | 'en', kind: keyof (typeof texts)['de']['kinds'], n: number) {
  const t = texts[lang];
  await dialog.getByRole('button', { name: t.kinds[kind], exact: true }).click();
  const section = dialog.getByRole('group', { name: t.section(n, t.kinds[kind]), exact: true });
  await section.waitFor();
  return section;
}

describe.each(['de', 'en'] as const)('the page editor in %s', (lang) => {
  const t = texts[lang];
  const phone = lang === 'de';
  const viewport = phone ? viewports.phone : viewports.desktop;
  // Each language builds its own page: the addresses differ.
  const address = lang === 'de' ? '/wiederkehrende-prüfung-nach-din-en-62305-3' : '/periodic-inspection-2027';
  const linkWords = lang === 'de' ? 'Prüfaktion' : 'Herbstaktion';

  it('an editor builds the autumn campaign page, saves a draft and publishes it into the navigation', async () => {
    const page = await site.page({ viewport });
    const main = await openTab(page, lang);
    await shot(page, `pages-${lang}-${phone ? 'phone' : 'desktop'}-empty`);
    await main.getByRole('button', { name: t.add }).click();
    const dialog = page.getByRole('dialog', { name: t.add });
    await dialog.getByLabel(t.titleDe).fill(campaign.de);
    await dialog.getByLabel(t.titleEn).fill(campaign.en);
    // The address follows the German title until one is written.
    expect(await dialog.getByRole('textbox', { name: t.address, exact: true }).inputValue()).toBe(
      '/wiederkehrende-prüfung-nach-din-en-62305-3',
    );
    if (lang === 'en') await dialog.getByRole('textbox', { name: t.address, exact: true }).fill(address.slice(1));

    // A text: headings, a paragraph with emphasis and a link, a list; the preview renders it.
    const text = await addSection(dialog, lang, 'text', 1);
    const german = text.getByLabel(t.textDe, { exact: true });
    await german.fill(campaign.markupDe.replace('[Leistungen](/Services)', '[VDE](www.vde.com)'));
    await text.getByText(t.linkProblem).waitFor();
    await german.fill(campaign.markupDe);
    expect(await text.getByText(t.linkProblem).count()).toBe(0);
    await text.getByLabel(t.textEn, { exact: true }).fill(campaign.markupEn);
    const preview = text.locator('[lang=de] strong', { hasText: 'solange sie intakt ist' });
    await preview.waitFor();
    expect(await text.locator('[lang=de] a', { hasText: 'Leistungen' }).getAttribute('href')).toBe('/Services');

    // A picture of the library, a list of references in the staff's order, a call to action.
    const pictureSection = await addSection(dialog, lang, 'picture', 2);
    await pictureSection.getByText(picture.title[lang]).click();
    const references = await addSection(dialog, lang, 'references', 3);
    await references.getByLabel(t.headingDe).fill('Geprüft von uns');
    await references.getByLabel(t.headingEn).fill('Inspected by us');
    await references.getByLabel(t.order, { exact: true }).selectOption({ label: t.staffOrder });
    const action = await addSection(dialog, lang, 'callToAction', 4);
    await action.getByLabel(t.headingDe).fill('Prüftermin im Herbst');
    await action.getByLabel(t.headingEn).fill('An inspection this autumn');
    await action.getByLabel(t.buttonDe).fill('Termin anfragen');
    await action.getByLabel(t.buttonEn).fill('Ask for a date');
    await action.getByLabel(t.inquiryType).selectOption({ label: t.priceInquiry });

    // Sections move by keyboard; the move is said, and the focus stays on the button pressed.
    const referencesName = t.section(3, t.kinds.references);
    await dialog.getByRole('button', { name: t.moveUp(referencesName) }).focus();
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('status')
      .filter({ hasText: t.moved(t.kinds.references, 2, 4) })
      .waitFor({ state: 'attached' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(t.moveUp(t.section(2, t.kinds.references)));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('status')
      .filter({ hasText: t.moved(t.kinds.references, 3, 4) })
      .waitFor({ state: 'attached' });

    expect(await axeViolations(page)).toEqual([]);
    if (phone) expect(await overflow(page)).toBe(0);
    await shot(page, `pages-${lang}-${phone ? 'phone' : 'desktop'}-dialog`);
    await page.setViewportSize(phone ? viewports.desktop : viewports.phone);
    await shot(page, `pages-${lang}-${phone ? 'desktop' : 'phone'}-dialog`);
    await page.setViewportSize(viewport);

    await dialog.getByRole('button', { name: t.saveDraft }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = main.getByRole('table', { name: t.caption }).locator('tbody tr', { hasText: address });
    await row.getByText(t.draft, { exact: true }).waitFor();

    const draft = (await pagesNow()).find((p) => p.address === address)!;
    expect(draft).toMatchObject({ published: false, place: 'none', title: { de: campaign.de, en: campaign.en } });
    expect(draft.sections.map((s) => s.kind)).toEqual(['text', 'picture', 'references', 'callToAction']);
    expect(draft.sections[0]).toMatchObject({
      text: {
        de: [
          { type: 'heading', level: 2, content: [{ text: 'Warum prüfen?' }] },
          {
            type: 'paragraph',
            content: [
              { text: 'Eine Anlage schützt nur, ' },
              { text: 'solange sie intakt ist', bold: true },
              { text: '. Mehr in den ' },
              { text: 'Leistungen', href: '/Services' },
              { text: '.' },
            ],
          },
          {
            type: 'list',
            ordered: false,
            items: [[{ text: 'Sichtprüfung' }], [{ text: 'Messung', italic: true }, { text: ' der Erdung' }]],
          },
        ],
        en: [
          {
            type: 'paragraph',
            content: [{ text: 'A system protects only ' }, { text: 'while it is intact', bold: true }, { text: '.' }],
          },
        ],
      },
    });
    expect(draft.sections[1]).toMatchObject({ kind: 'picture', fileId: picture.id });
    expect(draft.sections[2]).toMatchObject({ kind: 'references', categoryId: null, order: 'staff', limit: 3 });
    expect(draft.sections[3]).toMatchObject({
      kind: 'callToAction',
      inquiryType: 'priceInquiry',
      button: { de: 'Termin anfragen' },
    });

    // Opened again: into the navigation, first, and published.
    await row.getByRole('button', { name: t.edit }).click();
    const editing = page.getByRole('dialog');
    expect(
      await editing
        .getByRole('group', { name: t.section(1, t.kinds.text) })
        .getByLabel(t.textDe, { exact: true })
        .inputValue(),
    ).toBe(campaign.markupDe);
    await editing.getByLabel(t.place, { exact: true }).selectOption({ label: t.navigation });
    await editing.getByRole('spinbutton', { name: t.placeOrder, exact: true }).fill('1');
    await editing.getByRole('textbox', { name: t.linkTitle }).fill(linkWords);
    // The preview opens the page at its address in this browser (the public page honours it).
    const popup = page.waitForEvent('popup');
    await editing.getByRole('button', { name: t.preview }).click();
    await (await popup).close();
    expect(await editing.getByRole('link', { name: t.previewLink }).first().getAttribute('href')).toBe(`${address}?lang=${lang}`);
    await editing.getByRole('button', { name: t.publish, exact: true }).last().click();
    await editing.waitFor({ state: 'detached' });
    await row.getByText(t.published, { exact: true }).waitFor();
    await shot(page, `pages-${lang}-${phone ? 'phone' : 'desktop'}-list`);
    await page.setViewportSize(phone ? viewports.desktop : viewports.phone);
    await shot(page, `pages-${lang}-${phone ? 'desktop' : 'phone'}-list`);
    await page.setViewportSize(viewport);
    if (phone) expect(await overflow(page)).toBe(0);

    const live = (await pagesNow()).find((p) => p.address === address)!;
    expect(live).toMatchObject({
      published: true,
      draft: null,
      place: 'navigation',
      placeOrder: 1,
      linkTitle: { de: linkWords, en: '' },
    });
    expect(live.sections.map((s) => s.kind)).toEqual(['text', 'picture', 'references', 'callToAction']);
    // Visitors' read of it by its address.
    const read = await fetch(`${site.url}${apiUrl(apiRoutes.customPages.byAddress)}?Address=${encodeURIComponent(address)}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as CustomPage).title.de).toBe(campaign.de);
    // A visitor finds it in the navigation, by the words of its link, and reads it.
    const visitor = await site.page({ viewport: viewports.desktop });
    await visitor.goto(`${site.url}/`);
    await visitor.locator('header nav').getByRole('link', { name: linkWords }).first().click();
    await visitor.getByRole('heading', { level: 1, name: campaign.de }).waitFor();
    expect(decodeURI(new URL(visitor.url()).pathname)).toBe(address);
    await visitor.getByRole('heading', { level: 2, name: 'Warum prüfen?' }).waitFor();
    expect(page.errors).toEqual([]);
  });

  it('says at the field that an address is taken, by a listed page or one in the trash, and keeps what was typed', async () => {
    const suffix = `${lang}-${Date.now().toString(36)}`;
    // A page in the trash keeps its address (decision 061): only the server knows it.
    const trashed = await api<CustomPage>(site.url, token, 'POST', apiRoutes.customPages.list, {
      address: `/zertifikate-${suffix}`,
      title: { de: 'Zertifikate', en: 'Certificates' },
      place: 'none',
      placeOrder: 0,
      noindex: false,
      sections: [],
    });
    await api(site.url, token, 'DELETE', apiRoutes.customPages.onePath(trashed.id));
    const listed = await api<CustomPage>(site.url, token, 'POST', apiRoutes.customPages.list, {
      address: `/herbst-${suffix}`,
      title: { de: `Herbst ${suffix}`, en: `Autumn ${suffix}` },
      place: 'footer',
      placeOrder: 2,
      noindex: true,
      sections: [],
    });

    const page = await site.page({ viewport });
    const main = await openTab(page, lang);
    await main.getByRole('table', { name: t.caption }).locator('tbody tr', { hasText: listed.title[lang] }).waitFor();
    await main.getByRole('button', { name: t.add }).click();
    const dialog = page.getByRole('dialog', { name: t.add });
    await dialog.getByLabel(t.titleDe).fill('Zertifikate und Nachweise');
    await dialog.getByLabel(t.titleEn).fill('Certificates');
    const text = await addSection(dialog, lang, 'text', 1);
    await text.getByLabel(t.textDe, { exact: true }).fill('Unsere **Zertifikate** zum Herunterladen.');
    const addressField = dialog.getByRole('textbox', { name: t.address, exact: true });

    // A page of the list has it: said as it is typed, nothing sent.
    await addressField.fill(`/Herbst-${suffix}`);
    await dialog.getByText(t.addressHeld(listed.title[lang])).waitFor();
    expect(await addressField.getAttribute('aria-invalid')).toBe('true');

    // A page in the trash has it: the server's 409 is said at the field; the dialog and the text stay.
    await addressField.fill(`/zertifikate-${suffix}`);
    await dialog.getByRole('button', { name: t.saveDraft }).click();
    await dialog.getByText(t.addressTaken).waitFor();
    expect(await addressField.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-describedby') ?? ''))
      .toContain('error');
    expect(await text.getByLabel(t.textDe, { exact: true }).inputValue()).toBe('Unsere **Zertifikate** zum Herunterladen.');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `pages-${lang}-${phone ? 'phone' : 'desktop'}-address-taken`);

    await addressField.fill(`/zertifikate-neu-${suffix}`);
    await dialog.getByRole('button', { name: t.saveDraft }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await pagesNow()).find((p) => p.address === `/zertifikate-neu-${suffix}`)!;
    expect(saved.sections[0]).toMatchObject({
      kind: 'text',
      text: {
        de: [
          {
            type: 'paragraph',
            content: [{ text: 'Unsere ' }, { text: 'Zertifikate', bold: true }, { text: ' zum Herunterladen.' }],
          },
        ],
      },
    });
    // The refused save is the one error the browser reports.
    expect(page.errors.filter((e) => !e.includes('409'))).toEqual([]);
  });
  it("keeps a colleague's change made meanwhile: their version loads, and the section text typed here is shown to copy", async () => {
    const suffix = `${lang}-${Date.now().toString(36)}`;
    const created = await api<CustomPage>(site.url, token, 'POST', apiRoutes.customPages.list, {
      address: `/konflikt-${suffix}`,
      title: { de: `Konflikt ${suffix}`, en: `Conflict ${suffix}` },
      place: 'none',
      placeOrder: 0,
      noindex: false,
      sections: [{ kind: 'text', text: { de: [{ type: 'paragraph', content: [{ text: 'Alt' }] }], en: [] } }],
    });
    const page = await site.page({ viewport });
    const main = await openTab(page, lang);
    await main
      .getByRole('table', { name: t.caption })
      .locator('tbody tr', { hasText: created.address })
      .getByRole('button', { name: t.edit })
      .click();
    const dialog = page.getByRole('dialog');
    const text = dialog.getByRole('group', { name: t.section(1, t.kinds.text) });
    await text.getByLabel(t.textDe, { exact: true }).fill('Mein **neuer** Text');

    // A colleague saves the English title meanwhile.
    await api(site.url, token, 'PUT', apiRoutes.customPages.list, {
      ...created,
      title: { de: created.title.de, en: `Their ${suffix}` },
    });
    await dialog.getByRole('button', { name: t.saveDraft }).click();
    await dialog.getByRole('button', { name: t.loadTheirs }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: t.loadTheirs }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: t.titleEn }).inputValue()).toBe(`Their ${suffix}`);
    expect(await text.getByLabel(t.textDe, { exact: true }).inputValue()).toBe('Alt');
    const typed = dialog.getByTestId('typed-values');
    expect(await typed.locator('textarea').inputValue()).toBe('Mein **neuer** Text');
    expect(await typed.getByTestId('their-changes').textContent()).toContain(t.theirFields);
    await shot(page, `pages-${lang}-${phone ? 'phone' : 'desktop'}-conflict`);

    await text.getByLabel(t.textDe, { exact: true }).fill('Mein **neuer** Text');
    await dialog.getByRole('button', { name: t.saveDraft }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await pagesNow()).find((p) => p.id === created.id)!;
    expect(saved.title.en).toBe(`Their ${suffix}`);
    expect(saved.sections[0]).toMatchObject({
      text: { de: [{ type: 'paragraph', content: [{ text: 'Mein ' }, { text: 'neuer', bold: true }, { text: ' Text' }] }] },
    });
  });
});
