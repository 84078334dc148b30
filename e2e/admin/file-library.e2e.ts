import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FileList, type LibraryFile, type Project, apiRoutes, apiUrl } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken, pngBytes } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// The file library (issue 45, decision 060): an admin uploads the inspection flyer as a PDF with
// its German and English titles, finds it in the list, copies its address, and a visitor who
// follows that address downloads exactly that file. In German on a phone, in English on a desktop.

const site = useSite();
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});

const texts = {
  de: {
    tab: 'Dateien',
    add: 'Datei hochladen',
    file: 'Datei',
    titleDe: 'Titel (Deutsch)',
    titleEn: 'Titel (Englisch)',
    upload: 'Hochladen',
    saved: (title: string) => `„${title}“ ist gespeichert.`,
    caption: 'Dateien der Bibliothek',
    copy: 'Adresse kopieren',
    copied: 'Kopiert',
    notUsed: 'nirgends',
    required: 'Bitte ausfüllen.',
    edit: 'Bearbeiten',
    save: 'Speichern',
    loadTheirs: 'Neuen Stand laden',
    overwrite: 'Trotzdem meine Fassung speichern',
  },
  en: {
    tab: 'Files',
    add: 'Upload a file',
    file: 'File',
    titleDe: 'Title (German)',
    titleEn: 'Title (English)',
    upload: 'Upload',
    saved: (title: string) => `“${title}” is saved.`,
    caption: 'Files in the library',
    copy: 'Copy address',
    copied: 'Copied',
    notUsed: 'nowhere',
    required: 'Please fill this in.',
    edit: 'Edit',
    save: 'Save',
    loadTheirs: 'Load their version',
    overwrite: 'Save mine anyway',
  },
} as const;

const flyers = {
  de: {
    name: 'Prüfflyer DIN EN 62305-3.pdf',
    title: { de: 'Prüfflyer Wiederkehrende Prüfung', en: 'Periodic inspection flyer' },
  },
  en: { name: 'data-sheet-air-terminal.pdf', title: { de: 'Datenblatt Fangstange', en: 'Air terminal data sheet' } },
} as const;

/** A small but well-formed PDF, its own in each test. */
const pdf = (label: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Title (${label}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

async function shot(page: Page, name: string) {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Nothing wider than a phone's screen: the table becomes cards, the address breaks. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(['de', 'en'] as const)('the file library in %s', (lang) => {
  const t = texts[lang];
  const flyer = flyers[lang];
  const phone = lang === 'de';
  const title = flyer.title[lang];

  it('an admin uploads a PDF with its titles, copies its address, and a visitor downloads the file from there', async () => {
    const bytes = pdf(flyer.name);
    const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    await openWithToken(page, site.url, token, `/dashboard?lang=${lang}`);
    const main = page.locator('main');
    await main.getByRole('tab', { name: t.tab }).click();
    await main.getByRole('button', { name: t.add }).click();

    const dialog = page.getByRole('dialog', { name: t.add });
    await dialog.getByLabel(t.file).setInputFiles({ name: flyer.name, mimeType: 'application/pdf', buffer: bytes });
    await dialog.getByLabel(t.titleDe).fill(flyer.title.de);
    // A title missing is said at its field, before anything is sent.
    await dialog.getByRole('button', { name: t.upload }).click();
    await dialog.getByText(t.required).waitFor();
    await dialog.getByLabel(t.titleEn).fill(flyer.title.en);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `files-${lang}-${phone ? 'phone' : 'desktop'}-upload`);
    await dialog.getByRole('button', { name: t.upload }).click();
    await main.locator('[role=status]', { hasText: t.saved(title) }).waitFor();

    // In the list: its title in the dashboard's language, used nowhere yet, its address.
    const row = main.getByRole('table', { name: t.caption }).locator('tbody tr', { hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain(t.notUsed);
    const listed = (await api<FileList>(site.url, token, 'GET', apiRoutes.files.list)).data.find(
      (file) => file.title.de === flyer.title.de,
    )!;
    expect(await row.getByRole('link', { name: listed.address }).getAttribute('href')).toBe(listed.address);

    await row.getByRole('button', { name: t.copy }).click();
    await row.getByRole('button', { name: t.copied }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(site.url + listed.address);
    expect(await axeViolations(page)).toEqual([]);
    if (phone) expect(await overflow(page)).toBe(0);
    await shot(page, `files-${lang}-${phone ? 'phone' : 'desktop'}`);
    await page.setViewportSize(phone ? viewports.desktop : viewports.phone);
    await shot(page, `files-${lang}-${phone ? 'desktop' : 'phone'}`);
    await page.setViewportSize(viewports.phone);
    expect(await overflow(page)).toBe(0);

    // A visitor (no sign-in) follows the copied address: the browser downloads the very file.
    const visitor = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    const download = visitor.waitForEvent('download');
    await visitor.goto(copied).catch(() => undefined);
    const file = await download;
    expect(file.suggestedFilename()).toBe(flyer.name);
    expect(fs.readFileSync((await file.path())!).equals(bytes)).toBe(true);
    expect(visitor.errors).toEqual([]);
  });

  it("keeps a colleague's change made meanwhile: the form loads their version and shows what was typed", async () => {
    // Its own file each try (a retry finds the first one's row too).
    const label = `${lang}-conflict-${Date.now().toString(36)}`;
    const form = new FormData();
    form.append('data', JSON.stringify({ title: { de: `Zertifikat ${label}`, en: `Certificate ${label}` } }));
    form.append('file', new Blob([new Uint8Array(pdf(label))], { type: 'application/pdf' }), `${label}.pdf`);
    const created = (await (
      await fetch(site.url + apiUrl(apiRoutes.files.list), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as LibraryFile;
    const title = lang === 'de' ? created.title.de : created.title.en;

    const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await openWithToken(page, site.url, token, `/dashboard?lang=${lang}`);
    const main = page.locator('main');
    await main.getByRole('tab', { name: t.tab }).click();
    await main
      .getByRole('table', { name: t.caption })
      .locator('tbody tr', { hasText: title })
      .getByRole('button', { name: t.edit })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t.titleDe).fill(`Mein Titel ${label}`);

    // A colleague saves the English title meanwhile.
    await api(site.url, token, 'PUT', apiRoutes.files.list, {
      id: created.id,
      title: { de: created.title.de, en: `Their title ${label}` },
    });
    await dialog.getByRole('button', { name: t.save }).click();
    await dialog.getByRole('button', { name: t.loadTheirs }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: t.loadTheirs }).click();
    // Their English title is in the form; the German one this person typed is shown to copy.
    await expect.poll(() => dialog.getByLabel(t.titleEn).inputValue()).toBe(`Their title ${label}`);
    expect(await dialog.getByLabel(t.titleDe).inputValue()).toBe(created.title.de);
    expect(await dialog.getByTestId('typed-values').locator('textarea').inputValue()).toBe(`Mein Titel ${label}`);
    await shot(page, `files-${lang}-conflict`);
    await dialog.getByLabel(t.titleDe).fill(`Mein Titel ${label}`);
    await dialog.getByRole('button', { name: t.save }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await api<FileList>(site.url, token, 'GET', apiRoutes.files.list)).data.find(
      (file) => file.id === created.id,
    )!;
    expect(saved.title).toEqual({ de: `Mein Titel ${label}`, en: `Their title ${label}` });
  });
});

describe('a picture of the library in a reference project', () => {
  it('an editor on a phone adds it to a new project, its texts come along, and the library names the project', async () => {
    const page = await site.page({ viewport: viewports.phone });
    const alt = { de: 'Ableitung an der Hallenfassade', en: 'Down conductor on the hall facade' };
    // Its own names each try (a retry finds the first one's picture and project too).
    const mark = Date.now().toString(36);
    const fileTitle = `Hallenfassade ${mark}`;
    const projectTitle = `Logistikhalle ${mark}`;
    const form = new FormData();
    form.append('data', JSON.stringify({ title: { de: fileTitle, en: 'Hall facade' }, alt }));
    form.append('file', new Blob([new Uint8Array(await pngBytes(page))], { type: 'image/png' }), 'fassade.png');
    const upload = await fetch(site.url + apiUrl(apiRoutes.files.list), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as LibraryFile;

    await openWithToken(page, site.url, token, '/dashboard?lang=de&tab=projects');
    const main = page.locator('main');
    const dialog = page.getByRole('dialog');
    await main.getByRole('button', { name: 'Projekt hinzufügen' }).click();
    await dialog.getByLabel('Deutscher Titel').fill(projectTitle);
    await dialog.getByLabel('Englischer Titel').fill('Logistics hall facade');
    await dialog.getByLabel('Ort (Deutsch)').fill('Hanau');
    await dialog.getByLabel('Ort (Englisch)').fill('Hanau');
    await dialog.getByLabel('Ausführungszeitraum (Deutsch)').fill('2026');
    await dialog.getByLabel('Ausführungszeitraum (Englisch)').fill('2026');
    await dialog.getByLabel('Leistungsumfang (Deutsch)').fill('Ableitungen');
    await dialog.getByLabel('Leistungsumfang (Englisch)').fill('Down conductors');
    await dialog.getByText('Aus der Dateibibliothek hinzufügen').click();
    await dialog.getByRole('button', { name: `„${fileTitle}“ hinzufügen` }).click();
    // The library's alternative texts are the picture's, to change here if the project needs others.
    expect(await dialog.getByLabel('Alternativtext (Deutsch)').inputValue()).toBe(alt.de);
    expect(await dialog.getByLabel('Alternativtext (Englisch)').inputValue()).toBe(alt.en);
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBe(0);
    await shot(page, 'project-library-picture-phone');
    await dialog.getByRole('button', { name: 'Als Entwurf speichern' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const list = await api<{ data: Project[] }>(
      site.url,
      token,
      'GET',
      `${apiRoutes.projects.list}?PageLength=100&Search=${mark}`,
    );
    const project = list.data[0]!;
    const picture = (project.draft?.pictures ?? project.pictures)[0]!;
    expect(picture.libraryFileId).toBe(file.id);
    expect((await fetch(site.url + picture.url)).status).toBe(200);

    // The files tab names the project where the picture is used.
    await main.getByRole('tab', { name: 'Dateien' }).click();
    const row = main.getByRole('table', { name: 'Dateien der Bibliothek' }).locator('tbody tr', { hasText: fileTitle });
    await expect.poll(() => row.textContent()).toContain(projectTitle);
  });
});
