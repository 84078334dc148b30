import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Category, type Project, type ProjectList, type TrashList, apiRoutes } from '@blitz/contract';
import {
  answerConfirm,
  answerQuestion,
  api,
  apiLogin,
  axeViolations,
  dataUrlOf,
  openWithToken,
  pngBytes,
} from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// The trash (issue 31, decision 037): staff delete a project in the dashboard and bring it back
// from the trash, picture, category and place included; an admin empties the trash. In German
// and in English, on a phone and on a desktop.

const site = useSite({ SEED_SAMPLE: 'false' });
let token: string;
let picture: string;
let otherPicture: string;
beforeAll(async () => {
  await site.start();
  token = await apiLogin(site.url);
  const page = await site.page();
  picture = dataUrlOf(await pngBytes(page, 64, 48));
  otherPicture = dataUrlOf(await pngBytes(page, 72, 40));
});

const visible = async () => ((await (await fetch(`${site.url}/api/v1/Project`)).json()) as ProjectList).data;
const trash = () => api<TrashList>(site.url, token, 'GET', apiRoutes.trash.list);

async function project(title: string, categoryId: number | null = null, file = picture): Promise<Project> {
  return api<Project>(site.url, token, 'POST', apiRoutes.projects.list, {
    title: [
      { content: title, language: 2 },
      { content: `${title} (EN)`, language: 1 },
    ],
    content: [{ content: 'Fangstangen und Ableitungen.', language: 2 }],
    scopeOfWorks: [],
    location: 'Fulda',
    workDuration: '2 Wochen',
    client: 'Stadt',
    categoryID: String(categoryId ?? 0),
    picture: file,
  });
}

async function dashboard(tab: 'categories' | 'projects' | 'trash', lang: 'de' | 'en', phone = false): Promise<Page> {
  const page = await site.page({ viewport: phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, token, `/dashboard?lang=${lang}&tab=${tab}`);
  await page.locator('main table').waitFor();
  await page.locator('main tbody [role=status]').waitFor({ state: 'detached' });
  return page;
}

const rowOf = (page: Page, text: string) => page.locator('main tbody tr', { hasText: text });

const texts = {
  de: {
    tab: 'Papierkorb',
    delete: 'Löschen',
    restore: 'Wiederherstellen',
    empty: 'Papierkorb leeren',
    kind: 'Projekt',
    addCategory: 'Kategorie hinzufügen',
    germanTitle: 'Deutscher Titel',
    englishTitle: 'Englischer Titel',
    save: 'Speichern',
    nameInTrash: 'Eine Kategorie mit diesem Namen liegt im Papierkorb.',
    question: (name: string) => ({
      title: `Projekt „${name}“ löschen`,
      message:
        'Sind Sie sicher, dass Sie dieses Projekt löschen möchten? Es kommt für 30 Tage in den Papierkorb und lässt sich dort wiederherstellen.',
    }),
    restored: (name: string) =>
      `Das Projekt „${name}“ ist wiederhergestellt. Seine Kategorie war auch im Papierkorb und ist mit ihm zurück.`,
    emptyQuestion: 'Einträge endgültig löschen',
    none: 'Der Papierkorb ist leer.',
  },
  en: {
    tab: 'Trash',
    delete: 'Delete',
    restore: 'Restore',
    empty: 'Empty trash',
    kind: 'Project',
    addCategory: 'Add Category',
    germanTitle: 'German Title',
    englishTitle: 'English Title',
    save: 'Save',
    nameInTrash: 'A category with this name is in the trash.',
    question: (name: string) => ({
      title: `Delete the project “${name}”`,
      message: 'Are you sure you want to delete this project? It goes to the trash for 30 days and can be restored from there.',
    }),
    restored: (name: string) => `The project “${name}” is restored. Its category was in the trash too and is back with it.`,
    emptyQuestion: 'items for good',
    none: 'The trash is empty.',
  },
} as const;

describe.each(['de', 'en'] as const)('the trash in %s', (lang) => {
  const t = texts[lang];

  it('a deleted project waits in the trash and comes back with its picture, category and place', async () => {
    const category = await api<Category>(site.url, token, 'POST', apiRoutes.categories.list, {
      // A retry's category must not meet the name of the first try's.
      name: `Kategorie ${lang} ${Date.now()}`,
    });
    const bottom = await project(`Unten ${lang}`);
    const middle = await project(`Mitte ${lang}`, category.id);
    const top = await project(`Oben ${lang}`);
    const titleIn = (language: number) => middle.title.find((text) => text.language === language)!.content;
    // The dashboard's language's title, in the project list and in the trash alike.
    const name = titleIn(lang === 'de' ? 2 : 1);
    await api(site.url, token, 'DELETE', apiRoutes.categories.onePath(category.id));

    const page = await dashboard('projects', lang, lang === 'de');
    const confirmed = answerQuestion(page, true);
    await rowOf(page, name).getByRole('button', { name: t.delete }).click();
    expect(await confirmed).toEqual(t.question(name));
    await rowOf(page, name).waitFor({ state: 'detached' });
    expect((await visible()).map((p) => p.id)).not.toContain(middle.id);

    await page.locator('main').getByRole('tab', { name: t.tab }).click();
    const row = rowOf(page, name);
    await row.waitFor();
    expect(await row.textContent()).toContain(t.kind);
    expect(await row.textContent()).toContain('admin');
    expect(await axeViolations(page)).toEqual([]);
    await row.getByRole('button', { name: `${t.restore} ${name}` }).click();
    await page.locator('main [role=status]', { hasText: t.restored(name) }).waitFor();
    await row.waitFor({ state: 'detached' });

    const order = (await visible()).map((p) => p.id);
    expect(order.indexOf(middle.id)).toBe(order.indexOf(top.id) + 1);
    expect(order.indexOf(bottom.id)).toBe(order.indexOf(middle.id) + 1);
    const back = (await (await fetch(`${site.url}/api/v1/Project/${middle.id}`)).json()) as Project;
    expect(back.picture).toBe(middle.picture);
    expect(back.category?.id).toBe(category.id);
    expect((await fetch(site.url + back.picture)).status).toBe(200);

    await page
      .locator('main')
      .getByRole('tab', { name: lang === 'de' ? 'Projekte' : 'Projects' })
      .click();
    await rowOf(page, name).waitFor();
  });

  it('a new category with the name of one in the trash is refused with a reason that says where it is', async () => {
    const name = `Im Papierkorb ${lang} ${Date.now()}`;
    const category = await api<Category>(site.url, token, 'POST', apiRoutes.categories.list, { name });
    await api(site.url, token, 'DELETE', apiRoutes.categories.onePath(category.id));

    const page = await dashboard('categories', lang);
    const dialog = page.getByRole('dialog');
    await page.locator('main').getByRole('button', { name: t.addCategory }).click();
    await dialog.getByLabel('Name').fill(name.toUpperCase());
    await dialog.getByLabel(t.germanTitle).fill('Deutsch');
    await dialog.getByLabel(t.englishTitle).fill('English');
    await dialog.getByRole('button', { name: t.save }).click();
    await dialog.getByRole('alert').getByText(t.nameInTrash).waitFor();
    expect(await dialog.getByLabel('Name').inputValue()).toBe(name.toUpperCase());
  });

  it('an admin empties the trash after a question that counts what goes', async () => {
    // A picture no live project shows: it goes with them.
    const one = await project(`Weg eins ${lang}`, null, otherPicture);
    const two = await project(`Weg zwei ${lang}`, null, otherPicture);
    for (const p of [one, two]) await api(site.url, token, 'DELETE', apiRoutes.projects.onePath(p.id));
    const count = (await trash()).count;

    const page = await dashboard('trash', lang);
    const cancelled = answerConfirm(page, false);
    await page.locator('main').getByRole('button', { name: t.empty }).click();
    expect(await cancelled).toContain(`${count} ${t.emptyQuestion}`);
    expect((await trash()).count).toBe(count);

    const accepted = answerConfirm(page, true);
    await page.locator('main').getByRole('button', { name: t.empty }).click();
    await accepted;
    await page.locator('main').getByText(t.none).waitFor();
    expect((await trash()).count).toBe(0);
    expect((await fetch(site.url + one.picture)).status).toBe(404);
    expect(await page.locator('main').getByRole('button', { name: t.empty }).isDisabled()).toBe(true);
  });
});
