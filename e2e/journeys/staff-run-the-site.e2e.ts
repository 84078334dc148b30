import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerConfirm, apiLogin, openWithToken } from '../support/admin-helpers';
import { useSite } from '../support/harness';

// Issue 16's "done means", as one member of staff with no developer at hand does it in the
// dashboard: post a job, replace the sample company, rewrite the slogan and an FAQ answer in
// German and English after previewing them; a visitor then reads all of it, in both languages,
// with no build in between.

const site = useSite({ SEED_SAMPLE: 'false' });
beforeAll(async () => {
  await site.start();
});

async function tab(page: Page, name: 'jobs' | 'company' | 'texts') {
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=de&tab=${name}`);
}

/** Writes a text's draft in one language in the Texts tab (found by its key). */
async function draft(page: Page, key: string, language: 'Deutsch' | 'Englisch', content: string) {
  const main = page.locator('main');
  await main.getByLabel('Suchen', { exact: true }).fill(key);
  const text = main.locator('article', { hasText: key }).first();
  await text.getByLabel(`${key}: ${language}`, { exact: false }).fill(content);
  await text.getByRole('button', { name: `Als Entwurf speichern ${key} (${language})` }).click();
  await text.getByText('Als Entwurf gespeichert.').first().waitFor();
}

/** What a visitor without any cookie reads on a page. */
async function visitorText(path: string): Promise<string> {
  const visitor = await site.page();
  await visitor.goto(site.url + path);
  const text = (await visitor.locator('body').textContent()) ?? '';
  await visitor.context().close();
  return text;
}

describe('staff run the whole site', () => {
  it('post a job, replace the sample company, rewrite the slogan and an FAQ answer after a preview; visitors read it all', async () => {
    const page = await site.page();
    const main = page.locator('main');

    // A job, published.
    await tab(page, 'jobs');
    await main.getByRole('button', { name: 'Stelle hinzufügen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Titel (Deutsch)').fill('Erdungstechniker (m/w/d)');
    await dialog.getByLabel('Titel (Englisch)').fill('Earthing technician (m/f/d)');
    await dialog.getByLabel('Ort').fill('Offenbach');
    await dialog.getByLabel('Ihre Aufgaben (Deutsch)').fill('Messung von Erdungsanlagen');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });
    await main.getByRole('button', { name: 'Veröffentlichen Erdungstechniker (m/w/d)' }).click();
    await main.locator('tbody tr', { hasText: 'Erdungstechniker' }).getByText('Veröffentlicht', { exact: true }).waitFor();

    // The real company in place of the sample.
    await tab(page, 'company');
    const companyItem = main.getByRole('listitem', { name: 'Firmendaten eintragen' });
    await companyItem.getByText('Offen', { exact: true }).waitFor();
    await main.getByLabel('Kurzname').fill('Erdwerk');
    await main.getByLabel('Vollständiger Firmenname').fill('Erdwerk Main GmbH');
    await main.getByLabel('Straße und Hausnummer').fill('Blitzableiterweg 12');
    await main.getByLabel('E-Mail-Adresse').fill('post@erdwerk.example');
    await main.getByLabel('Umsatzsteuer-Identifikationsnummer').fill('DE987654321');
    await main.getByRole('button', { name: 'Speichern' }).click();
    await companyItem.getByText('Erledigt', { exact: true }).waitFor();

    // The slogan and the first FAQ answer (two paragraphs, one per line), in both languages.
    await tab(page, 'texts');
    await draft(page, 'hero.slogan', 'Deutsch', 'Erdung mit Brief und Siegel.');
    await draft(page, 'hero.slogan', 'Englisch', 'Earthing, certified.');
    await draft(page, 'faq.0.answer', 'Deutsch', 'Weil Blitze teuer sind.\nUnd weil es die Bauordnung oft verlangt.');
    await draft(
      page,
      'faq.0.answer',
      'Englisch',
      'Because lightning is expensive.\nAnd because building codes often require it.',
    );

    const [preview] = await Promise.all([
      page.context().waitForEvent('page'),
      main.getByRole('button', { name: 'Vorschau öffnen' }).click(),
    ]);
    await preview!.goto(`${site.url}/Blitzschutz?lang=en`);
    // (In the first question's answer, folded away until opened.)
    await preview!.getByText('Because lightning is expensive.').waitFor({ state: 'attached' });
    expect(await visitorText('/Blitzschutz?lang=en')).not.toContain('Because lightning is expensive.');

    const confirmed = answerConfirm(page, true);
    await main.getByRole('button', { name: '4 Entwürfe veröffentlichen' }).click();
    await confirmed;
    await main.getByText('4 Texte veröffentlicht.', { exact: false }).waitFor();

    // A visitor, in both languages.
    const jobs = await visitorText('/jobs?lang=en');
    expect(jobs).toContain('Earthing technician (m/f/d)');
    expect(await visitorText('/jobs')).toContain('Erdungstechniker (m/w/d)');
    for (const [path, slogan] of [
      ['/', 'Erdung mit Brief und Siegel.'],
      ['/?lang=en', 'Earthing, certified.'],
    ]) {
      const home = await visitorText(path!);
      expect(home, path).toContain(slogan);
      expect(home, path).toContain('Blitzableiterweg 12');
      expect(home, path).toContain('Erdwerk Main GmbH');
      expect(home, path).not.toMatch(/Musterblitz|sample company|Beispielfirma|Platzhalter/);
    }
    const faq = await visitorText('/Blitzschutz');
    expect(faq).toContain('Weil Blitze teuer sind.');
    expect(faq).toContain('Und weil es die Bauordnung oft verlangt.');
    expect(await visitorText('/impressum?lang=en')).toContain('Blitzableiterweg 12');
    expect(page.errors).toEqual([]);
  });
});
