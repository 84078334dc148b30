import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// The move from WordPress in the dashboard (issue 43, decision 054): an admin chooses the export a
// real WordPress wrote (the server's fixture, decision 053), reads the preview, imports, redirects
// an old page from the report, fixes a picture without an alternative text and publishes the two
// drafts; visitors then see them. In German on a phone and in English on a desktop.

const site = useSite({ SEED_SAMPLE: 'false' });
const fixtures = path.resolve(import.meta.dirname, '../../server/src/modules/wordpress-import/fixtures');
const fixtureOrigin = 'https://www.blitzschutz-mustermann.example';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-e2e-import-'));
const oldSites: http.Server[] = [];
let token: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
});
afterAll(async () => {
  await Promise.all(oldSites.map((server) => new Promise((resolve) => server.close(resolve))));
  fs.rmSync(scratch, { recursive: true, force: true });
});

/**
 * The old site, still answering: its uploads at /wp-content/uploads/…. Each test has its own (its
 * own address, so its posts' GUIDs are new to the site), and the export names it.
 */
async function oldSiteExport(lang: string): Promise<string> {
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    const prefix = '/wp-content/uploads/';
    const file = url.startsWith(prefix) && !url.includes('..') ? path.join(fixtures, 'uploads', url.slice(prefix.length)) : '';
    if (!file || !fs.existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  oldSites.push(server);
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const exported = fs.readFileSync(path.join(fixtures, 'wordpress-export.xml'), 'utf8').split(fixtureOrigin).join(origin);
  const file = path.join(scratch, `mustermann-${lang}.WordPress.xml`);
  fs.writeFileSync(file, exported);
  return file;
}

const texts = {
  de: {
    tab: 'WordPress-Umzug',
    file: 'WordPress-Export (XML-Datei)',
    preview: 'Vorschau zeigen',
    previewHeading: 'Vorschau',
    wouldCreate: '2 Beiträge werden als Projekt-Entwürfe angelegt.',
    skippedCaption: 'Nicht oder nicht ganz übernommen',
    notPublished: 'Nicht veröffentlicht (Entwurf, ausstehend oder privat).',
    importNow: '2 Beiträge jetzt importieren',
    done: 'Der Import ist abgeschlossen.',
    drafts: 'Angelegte Entwürfe',
    listDone: 'Fertig: 2 Entwürfe',
    pagesCaption: 'Seiten der alten Website (werden nicht importiert)',
    createRedirect: 'Weiterleitung anlegen',
    redirected: 'Leitet weiter auf',
    missingAltCaption: 'Bilder ohne Alternativtext',
    openProject: 'Projekt öffnen',
    listCaption: 'Bisherige Importe',
    titleDe: 'Deutscher Titel',
    titleEn: 'Englischer Titel',
    scopeEn: 'Leistungsumfang (Englisch)',
    altDe: 'Alternativtext (Deutsch)',
    altEn: 'Alternativtext (Englisch)',
    publish: 'Veröffentlichen',
    discardQuestion: 'Änderungen verwerfen?',
    keepEditing: 'Weiter bearbeiten',
    published: 'Veröffentlicht',
  },
  en: {
    tab: 'WordPress move',
    file: 'WordPress export (XML file)',
    preview: 'Show the preview',
    previewHeading: 'Preview',
    wouldCreate: '2 posts become draft projects.',
    skippedCaption: 'Not taken over, or not whole',
    notPublished: 'Not published (a draft, pending or private).',
    importNow: 'Import 2 posts now',
    done: 'The import is finished.',
    drafts: 'Drafts made',
    listDone: 'Done: 2 drafts',
    pagesCaption: 'Pages of the old site (not imported)',
    createRedirect: 'Create the redirect',
    redirected: 'Redirects to',
    missingAltCaption: 'Pictures without an alternative text',
    openProject: 'Open the project',
    listCaption: 'Imports so far',
    titleDe: 'German Title',
    titleEn: 'English Title',
    scopeEn: 'English Scope of Works',
    altDe: 'Alternative text (German)',
    altEn: 'Alternative text (English)',
    publish: 'Publish',
    discardQuestion: 'Discard changes?',
    keepEditing: 'Keep editing',
    published: 'Published',
  },
} as const;

// Each language redirects another old page, to the page its title suggests.
const oldPage = { de: { from: '/kontakt/', to: '/contactus' }, en: { from: '/karriere/', to: '/jobs' } } as const;

async function shot(page: Page, name: string) {
  const dir = process.env['SCREENSHOT_DIR'];
  if (dir) await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe.each(['de', 'en'] as const)('the move from WordPress in %s', (lang) => {
  const t = texts[lang];
  const phone = lang === 'de';

  it('previews an export, imports it, redirects an old page, and the drafts are fixed and published', async () => {
    const exportFile = await oldSiteExport(lang);
    const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
    await openWithToken(page, site.url, token, `/dashboard?lang=${lang}`);
    const main = page.locator('main');
    await main.getByRole('tab', { name: t.tab }).click();

    // The preview: what would be made, and what not and why; nothing written yet.
    await main.getByLabel(t.file).setInputFiles(exportFile);
    await main.getByRole('button', { name: t.preview }).click();
    const preview = main.getByRole('region', { name: t.previewHeading });
    await preview.getByText(t.wouldCreate).waitFor();
    await preview.getByRole('table', { name: t.skippedCaption }).getByText(t.notPublished).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    if (phone) expect(await overflow(page)).toBe(0);
    await shot(page, `wordpress-import-${lang}-preview`);

    // The import runs as a job: its progress, then its report with the drafts it made.
    const finished = main.getByRole('table', { name: t.listCaption }).locator('tbody tr', { hasText: t.listDone });
    // The German test's import is listed before the English one's.
    if (lang === 'en') await finished.first().waitFor();
    const before = await finished.count();
    await preview.getByRole('button', { name: t.importNow }).click();
    await expect.poll(() => finished.count()).toBe(before + 1);
    await main.getByText(t.done).waitFor();
    const drafts = main.getByRole('list', { name: t.drafts }).getByRole('link');
    await expect.poll(() => drafts.count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `wordpress-import-${lang}-done`);

    // An old page redirected to the page of ours its title suggests.
    const { from, to } = oldPage[lang];
    const pageRow = main
      .getByRole('table', { name: t.pagesCaption })
      .locator('tbody tr')
      .filter({ has: page.getByText(from, { exact: true }) });
    expect(await pageRow.getByRole('textbox').inputValue()).toBe(to);
    await pageRow.getByRole('button', { name: t.createRedirect }).click();
    await pageRow.getByText(`${t.redirected} ${to}`).waitFor();
    const answer = await fetch(site.url + from, { redirect: 'manual' });
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe(to);

    // The picture without an alternative text: opened from its row, given one; each draft gets
    // its English title and texts, and is published.
    const titles = await drafts.allTextContents();
    const ids = (await drafts.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).map((href) =>
      Number(new URLSearchParams(href!.slice(href!.indexOf('?'))).get('item')),
    );
    const missing = main.getByRole('table', { name: t.missingAltCaption }).locator('tbody tr');
    expect(await missing.count()).toBe(1);
    for (const [index, title] of titles.entries()) {
      if (index === 0) await missing.getByRole('link', { name: t.openProject }).click();
      else {
        // Back in the tab, the latest import's report is still shown.
        await main.getByRole('tab', { name: t.tab }).click();
        await drafts.nth(index).click();
      }
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      const opened = (await dialog.getByLabel(t.titleDe).inputValue()).trim();
      expect(titles).toContain(opened);
      if (index > 0) expect(opened).toBe(title);
      await dialog.getByLabel(t.titleEn).fill(`${opened} (${lang})`);
      if (index === 0) {
        // The browser's Back, to the report the link came from: the dashboard asks first.
        await page.evaluate(() => history.back());
        const question = page.getByRole('dialog', { name: t.discardQuestion });
        await question.getByRole('button', { name: t.keepEditing }).click();
        await question.waitFor({ state: 'hidden' });
        expect(new URL(page.url()).searchParams.get('tab')).toBe('projects');
        expect(await dialog.getByLabel(t.titleEn).inputValue()).toBe(`${opened} (${lang})`);
      }
      await dialog.getByLabel(t.scopeEn).fill('Lightning protection system');
      for (const label of [t.altDe, t.altEn]) {
        const fields = dialog.getByLabel(label);
        for (let i = 0; i < (await fields.count()); i++) {
          if ((await fields.nth(i).inputValue()).trim() === '') await fields.nth(i).fill(`${opened}, Bild ${i + 1}`);
        }
      }
      // Saved and published at once (the banner's button publishes what is saved: no English title yet).
      await dialog.getByRole('button', { name: t.publish, exact: true }).last().click();
      await dialog.waitFor({ state: 'hidden' });
    }

    // Visitors see both projects now.
    for (const id of ids) {
      await expect.poll(async () => (await fetch(`${site.url}/api/v1/Project/${id}`)).status).toBe(200);
      const visitor = await site.page();
      await visitor.goto(`${site.url}/project/${id}?lang=en`);
      expect(await visitor.locator('main h1').first().innerText()).toMatch(new RegExp(`\\(${lang}\\)$`));
    }
    expect(page.errors).toEqual([]);
  });
});
