import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ProjectList, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, openWithToken, pngBytes } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Drafts of reference projects (issue 30, decision 033): staff prepare a project as a draft,
// look at it in the preview of its own page in both languages, publish it; visitors see it only
// then, with the location in their language. In English on a desktop and in German on a phone.

const site = useSite({ SEED_SAMPLE: 'false' });
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});

const texts = {
  en: {
    add: 'Add Project',
    saveDraft: 'Save as draft',
    draft: 'Draft',
    published: 'Published',
    changed: 'Unpublished changes',
    edit: 'Edit',
    publish: 'Publish',
    cancel: 'Cancel',
    labels: {
      titleEn: 'English Title',
      titleDe: 'German Title',
      locationDe: 'German Location',
      locationEn: 'English Location',
      durationDe: 'German Work Duration',
      durationEn: 'English Work Duration',
      scopeEn: 'English Scope of Works',
      scopeDe: 'German Scope of Works',
      picture: 'Picture',
      altDe: 'Alternative text (German)',
      altEn: 'Alternative text (English)',
    },
    preview: (lang: string) => `Preview (${lang})`,
  },
  de: {
    add: 'Projekt hinzufügen',
    saveDraft: 'Als Entwurf speichern',
    draft: 'Entwurf',
    published: 'Veröffentlicht',
    changed: 'Unveröffentlichte Änderungen',
    edit: 'Bearbeiten',
    publish: 'Veröffentlichen',
    cancel: 'Abbrechen',
    labels: {
      titleEn: 'Englischer Titel',
      titleDe: 'Deutscher Titel',
      locationDe: 'Ort (Deutsch)',
      locationEn: 'Ort (Englisch)',
      durationDe: 'Ausführungszeitraum (Deutsch)',
      durationEn: 'Ausführungszeitraum (Englisch)',
      scopeEn: 'Leistungsumfang (Englisch)',
      scopeDe: 'Leistungsumfang (Deutsch)',
      picture: 'Bild',
      altDe: 'Alternativtext (Deutsch)',
      altEn: 'Alternativtext (Englisch)',
    },
    preview: (lang: string) => `Vorschau (${lang})`,
  },
} as const;

/** What a visitor (a browser of their own, no preview) sees at a path: the page's heading and its address. */
async function visitor(path: string): Promise<{ heading: string; path: string; text: string }> {
  const page = await site.page();
  await page.goto(site.url + path);
  const heading = (await page.locator('main h1').first().innerText()).trim();
  return { heading, path: new URL(page.url()).pathname, text: await page.locator('main').innerText() };
}

async function projectId(titleDe: string): Promise<number> {
  const list = await api<ProjectList>(
    site.url,
    token,
    'GET',
    `${apiRoutes.projects.list}?PageLength=100&Search=${encodeURIComponent(titleDe)}`,
  );
  return list.data[0]!.id;
}

async function openPreview(page: Page, label: string): Promise<Page> {
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('dialog').getByRole('button', { name: label }).click(),
  ]);
  await preview!.waitForLoadState();
  return preview!;
}

describe.each([
  { lang: 'en' as const, phone: false },
  { lang: 'de' as const, phone: true },
])('a project prepared as a draft, in $lang', ({ lang, phone }) => {
  it('is checked in the preview in both languages, then published; visitors see it only then', async () => {
    const t = texts[lang];
    const word = lang === 'en' ? 'Alpha' : 'Bravo';
    const title = { de: `${word} Umspannwerk`, en: `${word} substation` };
    const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await openWithToken(page, site.url, token, `/dashboard?lang=${lang}&tab=projects`);
    const main = page.locator('main');
    const dialog = page.getByRole('dialog');

    await main.getByRole('button', { name: t.add }).click();
    await dialog.getByLabel(t.labels.titleDe).fill(title.de);
    await dialog.getByLabel(t.labels.titleEn).fill(title.en);
    await dialog.getByLabel(t.labels.locationDe).fill('München');
    await dialog.getByLabel(t.labels.locationEn).fill('Munich');
    await dialog.getByLabel(t.labels.durationDe).fill('März – Juni 2025');
    await dialog.getByLabel(t.labels.durationEn).fill('March – June 2025');
    await dialog.getByLabel(t.labels.scopeDe).fill('Erdung');
    await dialog.getByLabel(t.labels.scopeEn).fill('Earthing');
    await dialog
      .getByLabel(t.labels.picture)
      .setInputFiles({ name: 'hall.png', mimeType: 'image/png', buffer: await pngBytes(page) });
    // A picture's alternative texts are needed to publish (decision 034), not to save a draft.
    await dialog.getByLabel(t.labels.altDe).fill('Umspannwerk mit Erdungsanlage');
    await dialog.getByLabel(t.labels.altEn).fill('Substation with its earthing system');
    await dialog.getByRole('button', { name: t.saveDraft }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = main.locator('tbody tr', { hasText: title.en });
    await row.getByText(t.draft, { exact: true }).waitFor();
    const id = await projectId(title.de);

    // Visitors: not in the gallery, and its address leads to the home page like an unknown one.
    expect((await visitor('/Projects')).text).not.toContain(word);
    expect((await visitor(`/project/${id}`)).path).toBe('/');

    // The preview of its own page, in both languages, with the location of each.
    await row.getByRole('button', { name: t.edit }).click();
    await dialog.getByText(t.draft, { exact: true }).waitFor();
    if (!phone) expect(await axeViolations(page)).toEqual([]);
    const german = await openPreview(page, t.preview('DE'));
    expect((await german.locator('main h1').first().innerText()).trim()).toBe(title.de);
    await german.locator('main').getByText('München').first().waitFor();
    await german.locator('main').getByText('März – Juni 2025').first().waitFor();
    const english = await openPreview(page, t.preview('EN'));
    expect((await english.locator('main h1').first().innerText()).trim()).toBe(title.en);
    await english.locator('main').getByText('Munich').first().waitFor();
    await english.locator('main').getByText('March – June 2025').first().waitFor();
    expect((await visitor(`/project/${id}`)).path).toBe('/');
    // The banner names what is previewed, at the top of the window, and stays there while the page scrolls (issue 40).
    for (const [preview, notice] of [
      [german, 'Vorschau dieses Projekts mit allem, was noch nicht veröffentlicht ist'],
      [english, 'Preview of this project with everything not yet published'],
    ] as const) {
      const banner = preview.getByTestId('preview-banner');
      await banner.getByText(notice).waitFor();
      expect((await banner.boundingBox())?.y).toBe(0);
      await preview.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await preview.waitForFunction(() => window.scrollY > 0);
      expect((await banner.boundingBox())?.y).toBe(0);
    }
    // A preview never changes the staff member's own language: the dashboard opens in theirs.
    const again = await page.context().newPage();
    await again.goto(`${site.url}/dashboard?tab=projects`);
    await again.locator('main').getByRole('button', { name: t.add }).waitFor();
    expect(await again.evaluate(() => document.documentElement.lang)).toBe(lang);
    await again.close();

    // Published with one action: visitors see it, in their language.
    await dialog.getByRole('button', { name: t.publish, exact: true }).first().click();
    await dialog.getByText(t.published, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: t.cancel }).click();
    await row.getByText(t.published, { exact: true }).waitFor();
    expect((await visitor(`/project/${id}?lang=de`)).heading).toBe(title.de);
    const englishPage = await visitor(`/project/${id}?lang=en`);
    expect(englishPage.heading).toBe(title.en);
    expect(englishPage.text).toContain('Munich');
    expect(englishPage.text).not.toContain('München');
    expect((await visitor('/Projects')).text).toContain(word);

    // A change saved as a draft: visitors keep the published title until it is published.
    await row.getByRole('button', { name: t.edit }).click();
    await dialog.getByLabel(t.labels.titleDe).fill(`${title.de} Nord`);
    await dialog.getByRole('button', { name: t.saveDraft }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText(t.changed, { exact: true }).waitFor();
    expect((await visitor(`/project/${id}?lang=de`)).heading).toBe(title.de);
    await row.getByRole('button', { name: t.edit }).click();
    expect(await dialog.getByLabel(t.labels.titleDe).inputValue()).toBe(`${title.de} Nord`);
    await dialog.getByRole('button', { name: t.publish, exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText(t.published, { exact: true }).waitFor();
    expect((await visitor(`/project/${id}?lang=de`)).heading).toBe(`${title.de} Nord`);
    expect(page.errors).toEqual([]);
    // Two previews, each checked at the top and scrolled, and a second dashboard: above the default minute.
  }, 120_000);
});
