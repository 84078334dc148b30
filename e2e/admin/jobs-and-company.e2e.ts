import { beforeAll, describe, expect, it } from 'vitest';
import { type Job, defaultCompanyDetails, apiRoutes, apiUrl, jobListSchema } from '@blitz/contract';
import { apiLogin, axeViolations, openWithToken } from '../support/admin-helpers';
import { useSite, viewports } from '../support/harness';

// Staff keep the job openings and the company details in the dashboard (issue 16), against the
// real API on a database without sample content.

const site = useSite({ SEED_SAMPLE: 'false' });
beforeAll(async () => {
  await site.start();
});

const publicJobs = async () => jobListSchema.parse(await (await fetch(site.url + apiUrl(apiRoutes.jobs.list))).json()).data;

async function dashboard(tab: 'jobs' | 'company', options: { phone?: boolean; lang?: 'en' | 'de' } = {}) {
  const page = await site.page({ viewport: options.phone ? viewports.phone : viewports.desktop });
  await openWithToken(page, site.url, await apiLogin(site.url), `/dashboard?lang=${options.lang ?? 'de'}&tab=${tab}`);
  return page;
}

describe('job openings', () => {
  it('staff create a job as a draft, then publish it; visitors see it only then', async () => {
    const page = await dashboard('jobs');
    const main = page.locator('main');
    await main.getByText('Noch keine Stellen angelegt').waitFor();
    await main.getByRole('button', { name: 'Stelle hinzufügen' }).click();
    const dialog = page.getByRole('dialog');
    // Save with nothing filled in: inline messages, nothing sent.
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Dieses Feld ist ein Pflichtfeld.').first().waitFor();
    await dialog.getByLabel('Titel (Deutsch)').fill('Blitzschutzmonteur (m/w/d)');
    await dialog.getByLabel('Titel (Englisch)').fill('Lightning protection installer (m/f/d)');
    await dialog.getByLabel('Ort').fill('Hanau');
    await dialog.getByLabel('Art der Anstellung').selectOption('APPRENTICESHIP');
    await dialog.getByLabel('Sichtbar bis einschließlich').fill('2099-12-31');
    await dialog.getByLabel('Ihre Aufgaben (Deutsch)').fill('Montage von Fangeinrichtungen');
    expect(await page.evaluate(() => window.innerWidth)).toBe(viewports.desktop.width);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = main.locator('tbody tr', { hasText: 'Blitzschutzmonteur' });
    await row.getByText('Entwurf').waitFor();
    await row.getByText('Ausbildung').waitFor();
    expect(await publicJobs()).toEqual([]);

    await row.getByRole('button', { name: 'Veröffentlichen Blitzschutzmonteur (m/w/d)' }).click();
    await row.getByText('Veröffentlicht', { exact: true }).waitFor();
    const [job] = await publicJobs();
    expect(job).toMatchObject<Partial<Job>>({
      location: 'Hanau',
      employmentType: 'APPRENTICESHIP',
      validThrough: '2099-12-31',
      startDate: null,
      published: true,
    });
    expect(job!.tasks).toEqual([{ content: 'Montage von Fangeinrichtungen', language: 2 }]);
    // A visitor finds it on the jobs page on the next request, in either language.
    const visitor = await site.page();
    await visitor.goto(`${site.url}/jobs?lang=en`);
    await visitor.locator('main').getByRole('link', { name: 'Lightning protection installer (m/f/d)' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });
  it("asks before deleting a job in the dashboard's own dialog: focus kept inside, Escape and Cancel keep the job", async () => {
    const token = await apiLogin(site.url);
    const created = await fetch(site.url + apiUrl(apiRoutes.jobs.list), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: [
          { content: 'Projektleiter Erdung (m/w/d)', language: 2 },
          { content: 'Project manager earthing (m/f/d)', language: 1 },
        ],
        location: 'Hanau',
        employmentType: 'FULL_TIME',
      }),
    });
    expect(created.status).toBe(201);
    const page = await site.page({ viewport: viewports.phone });
    // The browser's own box must not appear: a dialog event fails the test.
    page.on('dialog', (dialog) => {
      throw new Error(`browser dialog: ${dialog.message()}`);
    });
    await openWithToken(page, site.url, token, '/dashboard?lang=de&tab=jobs');
    const row = page.locator('main tbody tr', { hasText: 'Projektleiter Erdung' });
    const remove = row.getByRole('button', { name: 'Löschen Projektleiter Erdung (m/w/d)' });
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Stelle „Projektleiter Erdung (m/w/d)“ löschen' });
    await dialog
      .getByText(
        'Sind Sie sicher, dass Sie diese Stelle löschen möchten? Sie kommt für 30 Tage in den Papierkorb und lässt sich dort wiederherstellen.',
      )
      .waitFor();
    // Cancel has the focus; Tab stays inside the dialog.
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toBe('Abbrechen');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Löschen');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await remove.click();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    await remove.click();
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await row.waitFor({ state: 'detached' });
    expect(page.errors).toEqual([]);
  });
});

describe('company details', () => {
  it('ask for the real company while the sample is in place; staff change the phone, visitors get it', async () => {
    const page = await dashboard('company', { lang: 'en' });
    const main = page.locator('main');
    // The go-live checklist on the dashboard's start asks for the real company.
    const companyItem = main.getByRole('listitem', { name: 'Enter the company details' });
    await companyItem.getByText('To do', { exact: true }).waitFor();
    const phone = main.getByLabel('Phone');
    expect(await phone.inputValue()).toBe(defaultCompanyDetails.phone);

    // An invalid value is named at its field, and nothing is saved.
    await phone.fill('call us');
    await main.getByRole('button', { name: 'Save' }).click();
    await main.getByText('Please enter a phone number such as +49 6181 123456.').waitFor();

    await phone.fill('+49 6181 987654');
    await main.getByLabel('E-mail address').fill('info@blitzwerk.example');
    await main.getByLabel('Full company name').fill('Blitzwerk Hanau GmbH');
    await main.getByLabel('VAT ID').fill('DE123456789');
    await main.getByRole('button', { name: 'Save' }).click();
    await main.getByText('The company details have been saved.', { exact: false }).waitFor();
    const settings = await (await fetch(site.url + apiUrl(apiRoutes.companyDetails))).json();
    expect(settings).toMatchObject({
      phone: '+49 6181 987654',
      email: 'info@blitzwerk.example',
      name: defaultCompanyDetails.name,
    });
    // Legal name, VAT ID and e-mail are no longer the sample's: the checklist ticks the item off.
    await companyItem.getByText('Done', { exact: true }).waitFor();
    // Visitors read the new details on every page at once, and no sample mark.
    const visitor = await site.page();
    for (const path of ['/contactus?lang=en', '/impressum']) {
      await visitor.goto(site.url + path);
      await visitor.locator('footer').getByText('+49 6181 987654').first().waitFor();
      expect(await visitor.content(), path).toContain('Blitzwerk Hanau GmbH');
      expect(await visitor.content(), path).not.toMatch(/sample company|Beispielfirma|Platzhalter/);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('fit a phone: no sideways scrolling on the company form', async () => {
    const page = await dashboard('company', { phone: true });
    await page.locator('main').getByLabel('Telefon').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
  });
});
