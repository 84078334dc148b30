import { beforeAll, describe, expect, it } from 'vitest';
import { type AuditList, type CompanyDetailsRead, type Project, apiRoutes, siteTextListSchema } from '@blitz/contract';
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
    await first.dialog.getByLabel('English Title').fill('Substation North');
    await first.dialog.getByRole('button', { name: 'Publish', exact: true }).click();
    await first.dialog.waitFor({ state: 'hidden' });

    await second.dialog.getByLabel('Ort (Deutsch)').fill('Fulda');
    await second.dialog.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
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
    // Only what this person changed is offered to copy (issue 40): not the English title they
    // never touched, whose old value would revert the colleague's change; that one is named.
    expect(await typed.locator('textarea').count()).toBe(1);
    expect(await typed.locator('textarea').inputValue()).toBe('Fulda');
    expect(await typed.getByTestId('their-changes').textContent()).toBe(
      'admin hat geändert: Englischer Titel, Ort (Deutsch). Das steht jetzt im Formular.',
    );
    expect(await second.dialog.getByLabel('Englischer Titel').inputValue()).toBe('Substation North');

    // On from their version: saved, nobody's change lost.
    await second.dialog.getByLabel('Ort (Deutsch)').fill('Bonn-Beuel');
    await second.dialog.getByRole('button', { name: 'Veröffentlichen', exact: true }).click();
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
      ['update', 'title (en): "Substation north" → "Substation North"; location (de): "Hanau" → "Bonn"'],
      ['create', expect.stringContaining('location (de): "" → "Hanau"')],
    ]);

    const page = await site.page();
    await openWithToken(page, site.url, token, '/dashboard?lang=en&tab=audit');
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    // In the dashboard's words (issue 40): the field as the project form names it.
    await page.locator('main tbody tr', { hasText: 'German Location: “Hanau” → “Bonn”' }).waitFor();
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
    await page.locator('main').getByText('Ort (Deutsch): „Hanau“ → „Bonn“').waitFor();
    expect(await page.locator('main').textContent()).not.toContain('location (de)');
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

// Runs after the audit trail's tests: these saves add entries to it.
describe('two people edit the company details', () => {
  async function companyForm(lang: 'en' | 'de', phone = false) {
    const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${lang}&tab=company`);
    const main = page.locator('main');
    await main.getByLabel(lang === 'en' ? 'Phone' : 'Telefon').waitFor();
    return { page, main };
  }

  it('loads their version with what was typed kept to copy, and saves on from it', async () => {
    const first = await companyForm('en');
    const second = await companyForm('de', true);

    await first.main.getByLabel('Phone').fill('+49 6181 111111');
    await first.main.getByRole('button', { name: 'Save', exact: true }).click();
    await first.main.getByText('The company details have been saved.', { exact: false }).waitFor();

    await second.main.getByLabel('Telefon').fill('+49 6181 222222');
    await second.main.getByRole('button', { name: 'Speichern', exact: true }).click();
    const notice = second.main.getByTestId('edit-conflict');
    await notice.getByText(/admin hat das am .* geändert/).waitFor();
    const details = () => api<CompanyDetailsRead>(site.url, token, 'GET', apiRoutes.companyDetails);
    expect((await details()).phone).toBe('+49 6181 111111');
    expect(await second.main.getByLabel('Telefon').inputValue()).toBe('+49 6181 222222');

    await notice.getByRole('button', { name: 'Neuen Stand laden' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await second.main.getByLabel('Telefon').inputValue()).toBe('+49 6181 111111');
    const typed = second.main.getByTestId('typed-values');
    await typed.getByText('Ihre Eingaben').waitFor();
    expect(await typed.getByText('Telefon', { exact: true }).isVisible()).toBe(true);
    expect(await typed.locator('textarea').inputValue()).toBe('+49 6181 222222');

    // On from their version: saved without a conflict.
    await second.main.getByLabel('Telefon').fill('+49 6181 333333');
    await second.main.getByRole('button', { name: 'Speichern', exact: true }).click();
    await second.main.getByText('Die Firmendaten wurden gespeichert.', { exact: false }).waitFor();
    expect((await details()).phone).toBe('+49 6181 333333');

    // The first, now stale, saves theirs anyway: "Save mine anyway" overwrites.
    await first.main.getByLabel('Phone').fill('+49 6181 444444');
    await first.main.getByRole('button', { name: 'Save', exact: true }).click();
    await first.main.getByTestId('edit-conflict').getByRole('button', { name: 'Save mine anyway' }).click();
    await first.main.getByText('The company details have been saved.', { exact: false }).waitFor();
    expect((await details()).phone).toBe('+49 6181 444444');
    expect([...first.page.errors, ...second.page.errors].filter((e) => !e.includes('409'))).toEqual([]);
  });
});

describe('two people edit one page text', () => {
  async function texts(lang: 'en' | 'de', phone = false) {
    const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${lang}&tab=texts`);
    const main = page.locator('main');
    await main.getByLabel(lang === 'en' ? 'Search' : 'Suchen', { exact: true }).fill('hero.slogan');
    const text = main.locator('article', { hasText: 'hero.slogan' });
    await text.waitFor();
    return { page, text };
  }
  const germanDraft = async () => {
    const list = siteTextListSchema.parse(await api(site.url, token, 'GET', apiRoutes.siteTexts.texts));
    return list.data.find((e) => e.namespace === 'homepage' && e.key === 'hero.slogan')!.de.draft;
  };

  it('loads their text into the field with what was typed kept to copy', async () => {
    const first = await texts('de');
    const second = await texts('en', true);

    await first.text.getByLabel('Startseite, hero.slogan: Deutsch').fill('Blitzschutz aus Hanau.');
    await first.text.getByRole('button', { name: 'Als Entwurf speichern hero.slogan (Deutsch)' }).click();
    await first.text.getByText('Als Entwurf gespeichert.').waitFor();

    const german = second.text.getByLabel('Home page, hero.slogan: German');
    await german.fill('Blitzschutz aus Fulda.');
    await second.text.getByRole('button', { name: 'Save as draft hero.slogan (German)' }).click();
    const notice = second.text.getByTestId('edit-conflict');
    await notice.getByText(/admin changed this at .*, after you opened it/).waitFor();
    expect(await germanDraft()).toBe('Blitzschutz aus Hanau.');
    expect(await german.inputValue()).toBe('Blitzschutz aus Fulda.');

    await notice.getByRole('button', { name: 'Load their version' }).click();
    await notice.waitFor({ state: 'detached' });
    expect(await german.inputValue()).toBe('Blitzschutz aus Hanau.');
    const typed = second.text.getByTestId('typed-values');
    await typed.getByText('What you typed').waitFor();
    expect(await typed.locator('textarea').inputValue()).toBe('Blitzschutz aus Fulda.');

    // On from their text: saved without a conflict.
    await german.fill('Blitzschutz aus Hanau und Fulda.');
    await second.text.getByRole('button', { name: 'Save as draft hero.slogan (German)' }).click();
    await second.text.getByText('Saved as a draft.').waitFor();
    expect(await germanDraft()).toBe('Blitzschutz aus Hanau und Fulda.');
    expect(await typed.count()).toBe(0);

    // The first, now stale, saves theirs anyway.
    const firstGerman = first.text.getByLabel('Startseite, hero.slogan: Deutsch');
    await firstGerman.fill('Blitzschutz aus Hessen.');
    await first.text.getByRole('button', { name: 'Als Entwurf speichern hero.slogan (Deutsch)' }).click();
    await first.text.getByTestId('edit-conflict').getByRole('button', { name: 'Trotzdem meine Fassung speichern' }).click();
    await first.text.getByText('Als Entwurf gespeichert.').waitFor();
    expect(await germanDraft()).toBe('Blitzschutz aus Hessen.');
    expect([...first.page.errors, ...second.page.errors].filter((e) => !e.includes('409'))).toEqual([]);
  });
});
