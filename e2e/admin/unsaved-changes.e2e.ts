import type { Dialog } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '@blitz/contract';
import { apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Unsaved edits are never dropped silently (issue 29): a tab switch, closing a modal form and
// closing the page ask first; the dashboard's own question is a dialog in the interface's language.

const site = useSite({ SEED_SAMPLE: 'false' });
beforeAll(async () => {
  await site.start();
});

async function dashboard(tab: string, options: { phone?: boolean; lang?: 'en' | 'de' } = {}) {
  const page = await site.page({ viewport: options.phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${options.lang ?? 'de'}&tab=${tab}`);
  return page;
}

const openTab = (url: string) => new URL(url).searchParams.get('tab');

describe('unsaved changes', () => {
  it('a tab switch asks first: staying keeps the typed text, discarding leaves; saved changes are not asked about', async () => {
    const page = await dashboard('company');
    const main = page.locator('main');
    const phone = main.getByLabel('Telefon');
    await phone.fill('+49 69 111 222');
    await main.getByRole('tab', { name: 'Stellen' }).click();

    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    await question.waitFor();
    await question.getByText('noch nicht gespeichert').waitFor();
    // Staying is where the focus starts.
    expect(
      await question.getByRole('button', { name: 'Weiter bearbeiten' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(openTab(page.url())).toBe('company');
    expect(await phone.inputValue()).toBe('+49 69 111 222');

    // The browser's Back (to the login page, loaded before as a page of its own) gets the browser's question.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await phone.click();
    await page.evaluate(() => history.back());
    expect(await asked).toBe('beforeunload');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await phone.inputValue()).toBe('+49 69 111 222');

    // Escape stays too.
    await main.getByRole('tab', { name: 'Texte' }).click();
    await question.waitFor();
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect(await phone.inputValue()).toBe('+49 69 111 222');

    await main.getByRole('tab', { name: 'Stellen' }).click();
    await question.getByRole('button', { name: 'Änderungen verwerfen' }).click();
    await main.getByRole('button', { name: 'Stelle hinzufügen' }).waitFor();
    expect(openTab(page.url())).toBe('jobs');

    // Back on the company tab, the saved value; a saved change leaves without a question.
    await main.getByRole('tab', { name: 'Firmendaten' }).click();
    expect(await phone.inputValue()).toBe(defaultCompanyDetails.phone);
    await phone.fill('+49 69 111 333');
    await main.getByRole('button', { name: 'Speichern' }).click();
    await main.getByText('Die Firmendaten wurden gespeichert.', { exact: false }).waitFor();
    await main.getByRole('tab', { name: 'Stellen' }).click();
    await main.getByRole('button', { name: 'Stelle hinzufügen' }).waitFor();
    expect(await question.isVisible()).toBe(false);
    expect(page.errors).toEqual([]);
  });

  it('closing or reloading the page with unsaved changes asks the browser’s question', async () => {
    const page = await dashboard('texts');
    const field = page.locator('main textarea').first();
    await field.waitFor();
    const dialogs: string[] = [];
    const answer = (dialog: Dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    };
    page.on('dialog', answer);
    // A click gives the page the user activation browsers require before they ask.
    await field.click();
    await page.keyboard.type(' und mehr');
    const key = await field.evaluate((el) => el.closest('article')!.querySelector('h4')!.textContent!);

    // A search that hides the text keeps its typing, and it still counts: the tab switch asks.
    const search = page.locator('main').getByLabel('Suchen', { exact: true });
    await search.fill('xyz-no-such-text');
    await page.locator('main').getByText('Keine Texte', { exact: false }).first().waitFor();
    await page.locator('main').getByRole('tab', { name: 'Stellen' }).click();
    const question = page.getByRole('dialog', { name: 'Änderungen verwerfen?' });
    await question.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    await question.waitFor({ state: 'hidden' });
    await search.fill('');
    const again = page.locator('main article', { hasText: key }).locator('textarea').first();
    expect(await again.inputValue()).toMatch(/ und mehr$/);

    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    // Dismissed: the page stays, with the text.
    expect(page.isClosed()).toBe(false);
    expect(await field.inputValue()).toMatch(/ und mehr$/);

    // Without changes nothing is asked.
    await page.locator('main').getByRole('button', { name: 'Eingabe verwerfen' }).first().click();
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => page.isClosed()).toBe(true);
    expect(dialogs).toEqual(['beforeunload']);
  });

  it('a modal form closing with changes asks, in English on a phone', async () => {
    const page = await dashboard('jobs', { lang: 'en', phone: true });
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Add job' }).click();
    const form = page.getByRole('dialog', { name: 'Add job' });
    await form.waitFor();
    // Untouched, it closes at once.
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'hidden' });

    await main.getByRole('button', { name: 'Add job' }).click();
    const title = form.getByLabel('Title (German)');
    await title.fill('Monteur (m/w/d)');
    const question = page.getByRole('dialog', { name: 'Discard changes?' });
    for (const close of [
      () => page.keyboard.press('Escape'),
      () => form.getByRole('button', { name: 'Close' }).click(),
      () => form.getByRole('button', { name: 'Cancel' }).click(),
    ]) {
      await close();
      await question.waitFor();
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await question.waitFor({ state: 'hidden' });
      expect(await form.isVisible()).toBe(true);
      expect(await title.inputValue()).toBe('Monteur (m/w/d)');
    }
    // The question is over the modal, not behind it, and fits the phone.
    await page.keyboard.press('Escape');
    await question.waitFor();
    const box = (await question.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await form.waitFor({ state: 'hidden' });
    await question.waitFor({ state: 'hidden' });
    await main.getByRole('button', { name: 'Add job' }).click();
    expect(await title.inputValue()).toBe('');
    expect(page.errors).toEqual([]);
  });
});
