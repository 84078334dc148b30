import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CustomPageList, type FileList, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Issue 45: "uploads a PDF once and links it from two pages". An editor on a phone uploads the
// inspection flyer to the library, offers it on two pages of their own, and a visitor downloads
// the same file from both; the library names both pages, and refuses to delete the flyer.

const site = useSite();
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});

/** A small but well-formed PDF. */
const flyer = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Title (Pruefflyer) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

describe('a PDF kept once in the library', () => {
  it('is uploaded once, offered on two pages, downloaded from both, and the library names both', async () => {
    // Its own names each try (a retry finds the first one's file and pages too).
    const mark = Date.now().toString(36);
    const fileTitle = `Prüfflyer ${mark}`;
    const pages = [
      { title: `Herbstaktion ${mark}`, address: `/herbstaktion-${mark}` },
      { title: `Zertifikate ${mark}`, address: `/zertifikate-${mark}` },
    ];
    const page = await site.page({ viewport: viewports.phone });
    await openWithToken(page, site.url, token, '/dashboard?lang=de');
    const main = page.locator('main');

    await main.getByRole('tab', { name: 'Dateien' }).click();
    await main.getByRole('button', { name: 'Datei hochladen' }).click();
    const upload = page.getByRole('dialog', { name: 'Datei hochladen' });
    await upload.getByLabel('Datei').setInputFiles({ name: 'pruefflyer.pdf', mimeType: 'application/pdf', buffer: flyer });
    await upload.getByLabel('Titel (Deutsch)').fill(fileTitle);
    await upload.getByLabel('Titel (Englisch)').fill(`Inspection flyer ${mark}`);
    await upload.getByRole('button', { name: 'Hochladen' }).click();
    await upload.waitFor({ state: 'detached' });

    await main.getByRole('tab', { name: 'Seiten' }).click();
    for (const [index, { title, address }] of pages.entries()) {
      await main.getByRole('button', { name: 'Seite hinzufügen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Seite hinzufügen' });
      await dialog.getByLabel('Titel (Deutsch)').fill(title);
      await dialog.getByLabel('Titel (Englisch)').fill(`${title} (en)`);
      await dialog.getByRole('textbox', { name: 'Adresse', exact: true }).fill(address.slice(1));
      await dialog.getByRole('button', { name: 'Downloads', exact: true }).click();
      const downloads = dialog.getByRole('group', { name: 'Abschnitt 1: Downloads', exact: true });
      await downloads.getByLabel('Datei hinzufügen').selectOption({ label: `${fileTitle} (pruefflyer.pdf)` });
      await downloads.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
      await downloads.getByText(fileTitle).waitFor();
      if (index === 0) expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Veröffentlichen', exact: true }).last().click();
      await dialog.waitFor({ state: 'detached' });
    }
    const saved = (await api<CustomPageList>(site.url, token, 'GET', `${apiRoutes.customPages.list}?PageLength=100`)).data;
    const file = (await api<FileList>(site.url, token, 'GET', apiRoutes.files.list)).data.find((f) => f.title.de === fileTitle)!;
    for (const { address } of pages)
      expect(saved.find((p) => p.address === address)).toMatchObject({ published: true, sections: [{ fileIds: [file.id] }] });

    // A visitor downloads the very file from each page, at the one address the library gave it.
    const visitor = await site.page({ viewport: viewports.phone });
    for (const { address } of pages) {
      await visitor.goto(`${site.url}${encodeURI(address)}`);
      const link = visitor.locator('main').getByRole('link', { name: new RegExp(fileTitle) });
      expect(new URL((await link.getAttribute('href'))!, site.url).pathname).toBe(file.address);
      const download = visitor.waitForEvent('download');
      await link.click();
      expect(fs.readFileSync((await (await download).path())!).equals(flyer)).toBe(true);
    }

    // The library names both pages, and a deletion is refused while they use it.
    await main.getByRole('tab', { name: 'Dateien' }).click();
    const row = main.getByRole('table', { name: 'Dateien der Bibliothek' }).locator('tbody tr', { hasText: fileTitle });
    await expect.poll(() => row.textContent()).toContain(pages[0]!.title);
    expect(await row.textContent()).toContain(pages[1]!.title);
    const refused = await fetch(`${site.url}/api/v1/File/${file.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(409);
    expect(page.errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
  });
});
