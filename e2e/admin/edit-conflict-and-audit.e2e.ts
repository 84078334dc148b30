import { beforeAll, describe, expect, it } from 'vitest';
import { type AuditList, type Project, apiRoutes } from '@blitz/contract';
import { api, apiLogin, dataUrlOf, openWithToken, pngBytes } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// No lost edits and the audit trail (issue 31, decision 036): two people edit one project at
// once, in two browsers; the second is told who saved first and keeps what they typed. The
// admin then reads who changed what in the audit trail, in English and in German.

const site = useSite({ SEED_SAMPLE: 'false' });
let token: string;
let project: Project;
let picture: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  const page = await site.page();
  const png = await pngBytes(page, 64, 48);
  await page.close();
  picture = dataUrlOf(png);
  project = await api<Project>(site.url, token, 'POST', apiRoutes.projects.list, {
    title: [
      { content: 'Umspannwerk Nord', language: 2 },
      { content: 'Substation north', language: 1 },
    ],
    scopeOfWorks: [
      { content: 'Montage', language: 2 },
      { content: 'Installation', language: 1 },
    ],
    location: 'Hanau',
    picture,
    // A draft: its saves change it, version-checked (a published project's go to a draft of changes).
    published: false,
  });
});

async function editing(lang: 'en' | 'de', phone = false) {
  const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${lang}&tab=projects`);
  const row = page.locator('main tbody tr', { hasText: 'Hanau' });
  await row.getByRole('button', { name: lang === 'en' ? 'Edit' : 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(lang === 'en' ? 'German Location' : 'Ort (Deutsch)').waitFor();
  return { page, dialog };
}

describe('two people edit one project', () => {
  it('tells the second who saved meanwhile, and loads their version with what was typed kept to copy', async () => {
    const first = await editing('en');
    const second = await editing('de', true);

    await first.dialog.getByLabel('German Location').fill('Bonn');
    await first.dialog.getByRole('button', { name: 'Save' }).click();
    await first.dialog.waitFor({ state: 'hidden' });

    await second.dialog.getByLabel('Ort (Deutsch)').fill('Fulda');
    await second.dialog.getByRole('button', { name: 'Speichern' }).click();
    const notice = second.dialog.getByTestId('edit-conflict');
    await notice.getByText(/admin hat das am .* geändert/).waitFor();
    // Nothing was overwritten.
    expect((await api<Project>(site.url, token, 'GET', apiRoutes.projects.onePath(project.id))).location).toBe('Bonn');
    // The form still holds what they typed.
    expect(await second.dialog.getByLabel('Ort (Deutsch)').inputValue()).toBe('Fulda');

    await notice.getByRole('button', { name: 'Neuen Stand laden' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await second.dialog.getByLabel('Ort (Deutsch)').inputValue()).toBe('Bonn');
    const typed = second.dialog.getByTestId('typed-values');
    expect(await typed.locator('textarea').inputValue()).toBe('Fulda');

    // On from their version: saved, nobody's change lost.
    await second.dialog.getByLabel('Ort (Deutsch)').fill('Bonn-Beuel');
    await second.dialog.getByRole('button', { name: 'Speichern' }).click();
    await second.dialog.waitFor({ state: 'hidden' });
    expect((await api<Project>(site.url, token, 'GET', apiRoutes.projects.onePath(project.id))).location).toBe('Bonn-Beuel');
    expect([...first.page.errors, ...second.page.errors].filter((e) => !e.includes('409'))).toEqual([]);
  });
});

describe('the audit trail', () => {
  it('lists who changed what, filters by action, and opens the item’s tab (English)', async () => {
    const trail = await api<AuditList>(site.url, token, 'GET', `${apiRoutes.audit.list}?Item=project:${project.id}`);
    expect(trail.data.map((e) => [e.action, e.summary])).toEqual([
      ['update', 'location (de): "Bonn" → "Bonn-Beuel"'],
      ['update', 'location (de): "Hanau" → "Bonn"'],
      ['create', expect.stringContaining('location (de): "" → "Hanau"')],
    ]);

    const page = await site.page();
    await openWithToken(page, site.url, token, '/dashboard?lang=en&tab=audit');
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    await page.locator('main tbody tr', { hasText: 'location (de): "Hanau" → "Bonn"' }).waitFor();
    await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Created' });
    await page.getByText('1 entry').waitFor();
    const row = page.locator('main tbody tr', { hasText: 'Reference: Umspannwerk Nord' });
    await row.getByRole('button', { name: /Open/ }).click();
    await page.getByRole('tab', { name: 'Projects', selected: true }).waitFor();
    // The project itself opens, as saved now; the address no longer names it (a reload would not reopen it).
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('German Location').waitFor();
    expect(await dialog.getByLabel('German Location').inputValue()).toBe('Bonn-Beuel');
    expect(new URL(page.url()).searchParams.get('item')).toBeNull();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('projects');
    expect(page.errors).toEqual([]);
  });

  it('reads in German on a phone', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await openWithToken(page, site.url, token, '/dashboard?lang=de&tab=audit');
    await page.getByRole('heading', { name: 'Änderungsprotokoll' }).waitFor();
    await page.getByText('3 Einträge').waitFor();
    await page.getByLabel('Bereich', { exact: true }).selectOption({ label: 'Referenz' });
    await page.locator('main').getByText('Geändert').first().waitFor();
    expect(page.errors).toEqual([]);
  });

  it('says so when the entry’s item is gone since, in the trash (German)', async () => {
    const gone = await api<Project>(site.url, token, 'POST', apiRoutes.projects.list, {
      title: [
        { content: 'Scheune Süd', language: 2 },
        { content: 'Barn south', language: 1 },
      ],
      scopeOfWorks: [
        { content: 'Fangstangen', language: 2 },
        { content: 'Air terminals', language: 1 },
      ],
      location: 'Gießen',
      picture,
    });
    await api(site.url, token, 'DELETE', apiRoutes.projects.onePath(gone.id));
    const page = await site.page();
    await openWithToken(page, site.url, token, '/dashboard?lang=de&tab=audit');
    await page.getByRole('heading', { name: 'Änderungsprotokoll' }).waitFor();
    const row = page.locator('main tbody tr', { hasText: 'Scheune Süd' }).first();
    await row.getByRole('button', { name: /Öffnen/ }).click();
    await page.getByRole('tab', { name: 'Projekte', selected: true }).waitFor();
    const notice = page.getByRole('alert').filter({ hasText: /nicht mehr da: gelöscht oder im Papierkorb/ });
    await notice.waitFor();
    expect(new URL(page.url()).searchParams.get('item')).toBeNull();
    await notice.getByRole('button', { name: 'Ausblenden' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(page.errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
