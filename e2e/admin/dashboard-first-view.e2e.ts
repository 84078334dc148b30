import { beforeAll, describe, expect, it } from 'vitest';
import { type ContactCreated, apiRoutes, apiUrl } from '@blitz/contract';
import { admin, useSite, viewports } from '../support/harness';

// Decision 067: a browser that signed in before gets /dashboard with the inbox's first page in the
// server's HTML (its dashboard cookie), and the application takes that page over.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0' });
let inquiry: ContactCreated;

beforeAll(async () => {
  await site.start();
  const form = new FormData();
  const fields = {
    subject: 'priceInquiry',
    firstName: 'Jörg',
    lastName: 'Hansen',
    phone: '+49 6181 12345',
    email: 'joerg@example.org',
    CompanyName: 'Hansen Lagertechnik GmbH',
    CompanyAddress: 'Hafenstraße 5\n60311 Frankfurt',
    BuildingSize: '2400 m²',
    Regards: 'lps',
    message: 'Angebot für die neue Halle, bitte.',
    language: 'de',
    website: '',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const res = await fetch(site.url + apiUrl(apiRoutes.contact.send), { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  inquiry = (await res.json()) as ContactCreated;
});

const row = (page: Awaited<ReturnType<typeof site.page>>) => page.locator(`main tbody tr[data-inquiry="${inquiry.reference}"]`);

describe('the dashboard’s first view from the server', () => {
  it('shows a phone the inbox in the HTML, which the application takes over; signing out ends it', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await page.goto(site.url + '/login');
    const main = page.locator('main');
    await main.getByLabel('Name').fill(admin.username);
    await main.getByLabel('Passwort').fill(admin.password);
    await main.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await row(page).waitFor();

    // The sign-in left the cookie: HttpOnly (no script reads it), SameSite=Strict.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'dashboard');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('dashboard=');
    // Beside it the application's word on which sign-in it holds (not a credential: a script writes it).
    const holder = (await page.context().cookies()).find((c) => c.name === 'dashboard-holder');
    expect(holder).toMatchObject({ httpOnly: false, sameSite: 'Strict', path: '/' });
    expect(cookie!.value.endsWith(holder!.value)).toBe(true);

    // The same person's next visit, its script not run at all: the list is in the page itself.
    const kept = await page.context().storageState();
    const html = await site.page({ viewport: viewports.phone, javaScriptEnabled: false, storageState: kept });
    await html.goto(site.url + '/dashboard');
    await html.locator('main').getByRole('heading', { name: 'Anfragen', level: 2 }).waitFor();
    expect(await row(html).innerText()).toContain('Jörg Hansen');
    expect(await html.locator('main [role=tab][aria-selected=true]').innerText()).toContain('Anfragen');
    // In English too, as the address asks.
    await html.goto(site.url + '/dashboard?lang=en');
    await html.locator('main').getByRole('heading', { name: 'Inquiries', level: 2 }).waitFor();
    expect(await row(html).innerText()).toContain('Price inquiry');

    // With its script: the server's list first, then the application over it, which opens the inquiry.
    // It starts from the page's answers: neither the list nor the names and the job filter's lists
    // are asked for again (decision 068).
    const calls: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) calls.push(path);
    };
    page.on('request', onRequest);
    await page.reload();
    await page.locator('#root[data-app-started]').waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    page.off('request', onRequest);
    for (const address of ['/Inquiry', '/Inquiry/Unread', '/InquiryType', '/Inquiry/Jobs', '/Job', '/login/Verfy'])
      expect(calls).not.toContain(`/api/v1${address}`);
    await row(page)
      .getByRole('button', { name: /^Öffnen/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Angebot für die neue Halle, bitte.').waitFor();
    await page.keyboard.press('Escape');
    expect(page.errors).toEqual([]);

    // Signing out takes the cookie away; a copy kept from before names a session that has ended,
    // so a page asked with it holds no inquiry either.
    await main.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect((await page.context().cookies()).filter((c) => c.name.startsWith('dashboard'))).toEqual([]);
    const after = await site.page({ javaScriptEnabled: false, storageState: kept });
    const answer = await after.goto(site.url + '/dashboard');
    expect(await answer!.text()).not.toContain('Hansen');
  });
});
