import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl, siteTextListSchema } from '@blitz/contract';
import { answerConfirm, apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { contactFormHydrated } from '../support/public-pages';
import { useSite, viewports } from '../support/harness';

// Staff change the texts visitors read in the dashboard's Texts tab (issue 16, decision 022):
// drafts, a preview only this browser sees, publishing; against the real server.

const site = useSite({ SEED_SAMPLE: 'false' });
beforeAll(async () => {
  await site.start();
});

const slogan = { de: 'Wir leiten Blitze sicher in die Erde.', en: 'We guide lightning safely to earth.' };
const changed = { de: 'Jeder Blitz findet bei uns sicher in die Erde.', en: 'Every strike finds its way safely to earth.' };

async function dashboard(options: { phone?: boolean; lang?: 'de' | 'en' } = {}) {
  const page = await site.page({ viewport: options.phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${options.lang ?? 'de'}&tab=texts`);
  await page.locator('main [role=tabpanel] h3').first().waitFor();
  return page;
}

/** The home page's heading as a visitor without any cookie reads it. */
async function visitorHeading(path: string): Promise<string> {
  const visitor = await site.page();
  await visitor.goto(site.url + path);
  const heading = (await visitor.locator('main h1').first().innerText()).trim();
  await visitor.context().close();
  return heading;
}

const heading = async (page: Page) => (await page.locator('main h1').first().innerText()).trim();

async function staffTexts() {
  const res = await fetch(site.url + apiUrl(apiRoutes.siteTexts.texts), {
    headers: { authorization: `Bearer ${await apiLogin(site.url)}` },
  });
  return siteTextListSchema.parse(await res.json());
}

describe('page texts', () => {
  it('staff change the slogan in both languages, preview it alone, publish it, and visitors read it', async () => {
    const page = await dashboard();
    const main = page.locator('main');
    expect(await axeViolations(page)).toEqual([]);

    await main.getByLabel('Suchen', { exact: true }).fill('hero.slogan');
    await main.getByText('1 Text', { exact: true }).waitFor();
    const text = main.locator('article', { hasText: 'hero.slogan' });
    const german = text.getByLabel('Startseite, hero.slogan: Deutsch');
    expect(await german.inputValue()).toBe(slogan.de);

    // A placeholder the text cannot fill is named before anything is sent.
    await german.fill('Blitzschutz aus {{town}}');
    await text.getByText('Diesen Platzhalter kann der Text nicht füllen: {{town}}.').waitFor();
    expect(await text.getByRole('button', { name: 'Als Entwurf speichern hero.slogan (Deutsch)' }).isDisabled()).toBe(true);

    // A one-line text takes no line break: Enter adds none, a pasted paragraph becomes one line.
    await german.fill('Blitzschutz');
    await german.press('End');
    await german.press('Enter');
    await german.pressSequentially(' aus Hanau');
    expect(await german.inputValue()).toBe('Blitzschutz aus Hanau');
    await german.fill('Blitzschutz\naus Hanau');
    expect(await german.inputValue()).toBe('Blitzschutz aus Hanau');

    await german.fill(changed.de);
    await text.getByRole('button', { name: 'Als Entwurf speichern hero.slogan (Deutsch)' }).click();
    await text.getByText('Als Entwurf gespeichert.').waitFor();
    await text.getByLabel('Startseite, hero.slogan: Englisch').fill(changed.en);
    await text.getByRole('button', { name: 'Als Entwurf speichern hero.slogan (Englisch)' }).click();
    await text.getByText('Entwurf', { exact: true }).nth(1).waitFor();
    // What visitors read meanwhile is shown under each draft.
    expect(await text.getByText(slogan.en).isVisible()).toBe(true);

    const entry = (await staffTexts()).data.find((e) => e.namespace === 'homepage' && e.key === 'hero.slogan')!;
    expect(entry.de).toMatchObject({ published: null, hasDraft: true, draft: changed.de });
    expect(entry.en).toMatchObject({ published: null, hasDraft: true, draft: changed.en });
    await main.getByLabel('Suchen', { exact: true }).fill('');
    // The completeness filter: the one text with drafts.
    await main.getByText('Mit Entwurf (1)', { exact: true }).click();
    expect(await main.getByRole('radio', { name: 'Mit Entwurf (1)' }).isChecked()).toBe(true);
    await main.getByText('1 Text', { exact: true }).waitFor();
    expect(await visitorHeading('/')).toBe(slogan.de);

    // The preview opens the home page in a new tab: this browser sees the drafts…
    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      main.getByRole('button', { name: 'Vorschau öffnen' }).click(),
    ]);
    await preview!.waitForLoadState();
    await main.getByText('Die Vorschau ist an.', { exact: false }).waitFor();
    expect(await heading(preview!)).toBe(changed.de);
    await preview!.getByText('Vorschau: Diese Seite zeigt die noch nicht veröffentlichten Entwürfe').waitFor();
    await preview!.goto(`${site.url}/?lang=en`);
    expect(await heading(preview!)).toBe(changed.en);
    // …a browser without the preview's cookie does not.
    expect(await visitorHeading('/')).toBe(slogan.de);
    expect(await visitorHeading('/?lang=en')).toBe(slogan.en);

    const confirmed = answerConfirm(page, true);
    await main.getByRole('button', { name: '2 Entwürfe veröffentlichen' }).click();
    expect(await confirmed).toContain('2 Entwürfe veröffentlichen?');
    await main.getByText('2 Texte veröffentlicht.', { exact: false }).waitFor();
    await main.getByRole('button', { name: 'Keine Entwürfe zu veröffentlichen' }).waitFor();
    await main.getByText('Keine Texte: „Mit Entwurf“ trifft auf keinen Text zu.').waitFor();

    expect(await visitorHeading('/')).toBe(changed.de);
    expect(await visitorHeading('/?lang=en')).toBe(changed.en);
    // Publishing ended the preview (issue 29): the published page, without the banner.
    await preview!.goto(`${site.url}/?lang=de`);
    expect(await heading(preview!)).toBe(changed.de);
    expect(await preview!.getByText('Vorschau:', { exact: false }).count()).toBe(0);

    // Ending it again does no harm.
    await main.getByRole('button', { name: 'Vorschau beenden' }).click();
    await main.getByText('Die Vorschau ist beendet.', { exact: false }).waitFor();
    await preview!.goto(`${site.url}/?lang=en`);
    expect(await heading(preview!)).toBe(changed.en);
    expect(await preview!.getByText('Preview:', { exact: false }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('on a phone in English: reset a text to its default, then discard that draft', async () => {
    const page = await dashboard({ phone: true, lang: 'en' });
    const main = page.locator('main');
    await main.getByLabel('Page', { exact: true }).selectOption('homepage');
    const text = main.locator('article', { hasText: 'hero.slogan' });
    const german = text.getByLabel('Home page, hero.slogan: German');
    // Published by the test before.
    expect(await german.inputValue()).toBe(changed.de);
    await text.getByText('Changed, live').first().waitFor();

    await text.getByRole('button', { name: 'Reset to default hero.slogan (German)' }).click();
    await text.getByText('Draft: back to the default').waitFor();
    expect(await german.inputValue()).toBe(slogan.de);
    await main.getByRole('button', { name: 'Publish 1 draft' }).waitFor();

    await text.getByRole('button', { name: 'Discard draft hero.slogan (German)' }).click();
    await main.getByRole('button', { name: 'No drafts to publish' }).waitFor();
    expect(await german.inputValue()).toBe(changed.de);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(viewports.phone.width);
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });
  it('the banner’s own button ends the preview, with and without JavaScript, back on the page it was on', async () => {
    const started = await fetch(site.url + apiUrl(apiRoutes.siteTexts.preview), {
      method: 'POST',
      headers: { authorization: `Bearer ${await apiLogin(site.url)}` },
    });
    expect(started.status).toBe(204);
    const [name, value] = started.headers.get('set-cookie')!.split(';')[0]!.split('=') as [string, string];
    for (const [javaScriptEnabled, path, button] of [
      [true, '/jobs?lang=en', 'End preview'],
      [false, '/aboutus', 'Vorschau beenden'],
    ] as const) {
      const page = await site.page({ viewport: viewports.phone, javaScriptEnabled });
      await page.context().addCookies([{ name, value, url: site.url, httpOnly: true, sameSite: 'Strict' }]);
      await page.goto(site.url + path);
      const banner = page.getByRole('status').filter({ has: page.getByRole('button', { name: button }) });
      await banner.waitFor();
      const ended = page.waitForResponse((r) => r.url().includes('/api/v1/Text/Preview/End'));
      const back = page.waitForResponse((r) => r.url() === site.url + path && r.request().method() === 'GET');
      await banner.getByRole('button', { name: button }).click();
      expect((await ended).status()).toBe(303);
      expect((await back).status()).toBe(200);
      await page.waitForLoadState();
      expect(page.url()).toBe(site.url + path);
      expect(await page.getByRole('button', { name: button }).count()).toBe(0);
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain(name);
      expect(page.errors).toEqual([]);
    }
  });

  it('published texts of the contact form reach its island: the notice it writes and the files it lists', async () => {
    const token = await apiLogin(site.url);
    const edits = [
      { key: 'notices.missingFields', content: 'Bitte noch ausfüllen: {{fields}}' },
      { key: 'fields.firstName', content: 'Ihr Vorname' },
      { key: 'attachments.summary_one', content: 'Eine Datei gewählt ({{size}})' },
    ];
    for (const { key, content } of edits) {
      const saved = await fetch(site.url + apiUrl(apiRoutes.siteTexts.texts), {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ namespace: 'contact', key, language: 'de', content }),
      });
      expect(saved.status).toBe(200);
    }
    const published = await fetch(site.url + apiUrl(apiRoutes.siteTexts.publish), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(published.status).toBe(200);

    const visitor = await site.page({ viewport: viewports.phone });
    await visitor.goto(site.url + '/');
    const form = visitor.locator('#contact-form');
    await form.scrollIntoViewIfNeeded();
    await contactFormHydrated(visitor);
    // The island wrote these, not the server: its own lookup over the published texts.
    await form
      .locator('input[type=file]')
      .setInputFiles([{ name: 'Plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') }]);
    await form.getByText('Eine Datei gewählt (', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Anfrage senden' }).click();
    await visitor.getByText('Bitte noch ausfüllen: Betreff, Ihr Vorname, Nachname', { exact: false }).waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context().close();
  });
});
