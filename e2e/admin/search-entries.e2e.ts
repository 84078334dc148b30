import { beforeAll, describe, expect, it } from 'vitest';
import { type Project, apiRoutes } from '@blitz/contract';
import { api, apiLogin, axeViolations, dataUrlOf, openWithToken, pngBytes } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// A reference's own entry for search engines (issue 45, decision 059): an editor writes its title
// in German and English, sees the result's preview and the length hint, publishes; the public page's
// <title> and description say it in each language. In German on a desktop, in English on a phone.

const site = useSite({ SEED_SAMPLE: 'false' });
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});

const texts = {
  de: {
    edit: 'Bearbeiten',
    publish: 'Veröffentlichen',
    section: 'Suchmaschinen',
    titleDe: 'Titel für Suchmaschinen (Deutsch)',
    titleEn: 'Titel für Suchmaschinen (Englisch)',
    descriptionDe: 'Beschreibung für Suchmaschinen (Deutsch)',
    good: 'eine gute Länge',
    long: 'zu lang: Suchmaschinen kürzen nach etwa 60 Zeichen',
  },
  en: {
    edit: 'Edit',
    publish: 'Publish',
    section: 'Search engines',
    titleDe: 'Title for search engines (German)',
    titleEn: 'Title for search engines (English)',
    descriptionDe: 'Description for search engines (German)',
    good: 'a good length',
    long: 'too long: search engines cut it after about 60 characters',
  },
} as const;

/** The head of a public page as a visitor's browser gets it (no script needed: it is rendered by the server). */
async function publicHead(path: string): Promise<{ title: string; description: string; ogTitle: string }> {
  const page = await site.page({ javaScriptEnabled: false });
  await page.goto(site.url + path);
  const meta = (selector: string) => page.locator(selector).getAttribute('content');
  const head = {
    title: await page.title(),
    description: (await meta('meta[name="description"]')) ?? '',
    ogTitle: (await meta('meta[property="og:title"]')) ?? '',
  };
  await page.close();
  return head;
}

describe.each([
  { lang: 'de' as const, phone: false },
  { lang: 'en' as const, phone: true },
])('a reference’s search entry, in $lang', ({ lang, phone }) => {
  it('is written in both languages with a preview and a hint, published, and heads its public page', async () => {
    const t = texts[lang];
    const word = lang === 'de' ? 'Kilo' : 'Lima';
    const setup = await site.page();
    const project = await api<Project>(site.url, token, 'POST', apiRoutes.projects.list, {
      title: [
        { content: `${word} Umspannwerk`, language: 2 },
        { content: `${word} substation`, language: 1 },
      ],
      scopeOfWorks: [
        { content: 'Erdung', language: 2 },
        { content: 'Earthing', language: 1 },
      ],
      location: 'Hanau',
      picture: dataUrlOf(await pngBytes(setup)),
    });
    await setup.close();
    // Before: the title made from the project, as always.
    expect((await publicHead(`/project/${project.id}`)).title).toContain(`${word} Umspannwerk`);

    const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await openWithToken(page, site.url, token, `/dashboard?lang=${lang}&tab=projects`);
    const main = page.locator('main');
    const dialog = page.getByRole('dialog');
    await main
      .locator('tbody tr', { hasText: `${word} substation` })
      .getByRole('button', { name: t.edit })
      .click();
    const section = dialog.getByRole('group', { name: t.section });
    await section.scrollIntoViewIfNeeded();

    // Empty, the preview shows the title made from the project.
    const germanPreview = section.locator('[data-search-preview="de"]');
    const englishPreview = section.locator('[data-search-preview="en"]');
    await expect.poll(() => germanPreview.locator('[data-search-preview-title]').innerText()).toContain(`${word} Umspannwerk –`);
    await expect.poll(() => englishPreview.locator('[data-search-preview-title]').innerText()).toContain(`${word} substation –`);

    const germanTitle = `Blitzschutz & Erdung für das ${word} Umspannwerk in Hanau`;
    const englishTitle = `Lightning protection for the ${word} substation, Hanau`;
    const tooLong = `${germanTitle} – mit Fangstangen, Ableitungen und Ringerder`;
    const titleDe = section.getByLabel(t.titleDe);
    await titleDe.fill(tooLong);
    // Too long: the hint says so, and the preview cuts the title as a result list would.
    await section.getByText(t.long).waitFor();
    await expect.poll(() => germanPreview.locator('[data-search-preview-title]').innerText()).toMatch(/…$/);
    await titleDe.fill(germanTitle);
    await section.getByText(t.good).first().waitFor();
    await expect.poll(() => germanPreview.locator('[data-search-preview-title]').innerText()).toBe(germanTitle);
    await section.getByLabel(t.titleEn).fill(englishTitle);
    await expect.poll(() => englishPreview.locator('[data-search-preview-title]').innerText()).toBe(englishTitle);
    const description = 'Äußerer und innerer Blitzschutz mit Erdungsanlage für ein 110-kV-Umspannwerk, geplant und montiert.';
    await section.getByLabel(t.descriptionDe).fill(description);
    await expect.poll(() => germanPreview.locator('[data-search-preview-description]').innerText()).toBe(description);
    if (!phone) expect(await axeViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: t.publish, exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // The public page, in each language, with what the editor wrote (escaped, read back unescaped).
    const german = await publicHead(`/project/${project.id}`);
    expect(german).toEqual({ title: germanTitle, description, ogTitle: germanTitle });
    const english = await publicHead(`/project/${project.id}?lang=en`);
    expect(english.title).toBe(englishTitle);
    // No English description: the one made from the project, as before.
    expect(english.description).not.toBe(description);
    expect(page.errors).toEqual([]);
  }, 120_000);
});
