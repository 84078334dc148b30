import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactCreated } from '@blitz/contract';
import { sendInquiry } from '../support/admin-helpers';
import { admin, useSite, viewports } from '../support/harness';

// Decision 067: a browser that signed in before gets /dashboard with the inbox's first page in the
// server's HTML (its dashboard cookie), and the application takes that page over.

const site = useSite({ SEED_SAMPLE: 'false', CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '1000' });
let inquiry: ContactCreated;
type SitePage = Awaited<ReturnType<typeof site.page>>;

function send(changes: Record<string, string> = {}): Promise<ContactCreated> {
  return sendInquiry(site.url, {
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
    ...changes,
  });
}

async function signIn(page: SitePage) {
  await page.goto(site.url + '/login');
  const main = page.locator('main');
  await main.getByLabel('Name').fill(admin.username);
  await main.getByLabel('Passwort').fill(admin.password);
  await main.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL((u) => u.pathname === '/dashboard');
}

beforeAll(async () => {
  await site.start();
  inquiry = await send();
});

const row = (page: SitePage) => page.locator(`main tbody tr[data-inquiry="${inquiry.reference}"]`);

describe('the dashboard’s first view from the server', () => {
  it('shows a phone the inbox in the HTML, which the application takes over; signing out ends it', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await signIn(page);
    const main = page.locator('main');
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

  it('takes a phone’s list over with the rows in sight first, the others after, the page keeping its height', async () => {
    // A page's worth of inquiries (20 of 21): one is in sight on a phone, below the tabs.
    for (let i = 0; i < 20; i++) await send({ firstName: `Kundin ${i}`, email: `kundin${i}@example.org` });
    const page = await site.page({ viewport: viewports.phone });
    await signIn(page);
    await page.locator('#root[data-app-started]').waitFor({ state: 'attached' });
    // What the server's page held, and what the application's first render showed as it took over
    // (decision 070), read in the page as they happen.
    await page.addInitScript(() => {
      const rows = () => ({
        rows: document.querySelectorAll('main tbody tr[data-inquiry]').length,
        places: document.querySelectorAll('main tbody tr[aria-hidden=true]').length,
        height: document.documentElement.scrollHeight,
      });
      const seen = window as unknown as Record<string, unknown>;
      document.addEventListener('DOMContentLoaded', () => (seen.served = rows()));
      new MutationObserver((_, observer) => {
        if (!document.getElementById('root')?.hasAttribute('data-app-started')) return;
        observer.disconnect();
        seen.taken = rows();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app-started'] });
    });
    await page.reload();
    await page.locator('#root[data-app-started]').waitFor({ state: 'attached' });
    const { served, taken } = await page.evaluate(() => {
      const seen = window as unknown as Record<string, { rows: number; places: number; height: number }>;
      return { served: seen.served!, taken: seen.taken! };
    });
    expect(served).toMatchObject({ rows: 20, places: 0 });
    expect(taken.rows).toBeGreaterThan(0);
    expect(taken.rows).toBeLessThan(20);
    expect(taken.places).toBe(1);
    // Within a card: a card below the window has an estimated height until it is laid out (20rem,
    // content-visibility), and which ones were laid out varies a little. Without the place held,
    // the page would be about 6,000 px shorter.
    expect(Math.abs(taken.height - served.height), JSON.stringify({ served, taken })).toBeLessThan(400);
    // The others follow a few at a time, and the place they held goes.
    await expect.poll(() => page.locator('main tbody tr[data-inquiry]').count()).toBe(20);
    expect(await page.locator('main tbody tr[aria-hidden=true]').count()).toBe(0);
    expect(page.errors).toEqual([]);
  });

  it('tells a phone whose network failed during the start, keeping the server’s list, and starts on a reload', async () => {
    const page = await site.page({ viewport: viewports.phone });
    await signIn(page);
    await page.locator('#root[data-app-started]').waitFor({ state: 'attached' });
    // The network goes as the page loads again: the application's frame does not arrive.
    const frame = '**/assets/first-view-application-*.js';
    await page.route(frame, (route) => route.abort('internetdisconnected'));
    await page.reload();
    const notice = page.locator('main [role=alert]');
    await notice.getByText('Das Dashboard konnte nicht vollständig geladen werden.').waitFor();
    // The newest inquiry, as the server listed it (its text: a card below the window is not laid out).
    const newest = page.locator('main tbody tr[data-inquiry]').first();
    expect(await newest.textContent()).toContain('Hansen');
    expect(await page.locator('#root').getAttribute('data-app-started')).toBeNull();
    // In English as the page is.
    await page.goto(site.url + '/dashboard?lang=en');
    await page.locator('main [role=alert]').getByText('The dashboard could not be loaded completely.').waitFor();

    // Back online: the notice's button loads the page again, and the application starts.
    await page.unroute(frame);
    await page.locator('main [role=alert]').getByRole('button', { name: 'Reload' }).click();
    await page.locator('#root[data-app-started]').waitFor({ state: 'attached' });
    expect(await page.getByText('The dashboard could not be loaded completely.').count()).toBe(0);
    await newest.getByRole('button', { name: /^Open/ }).click();
    await page.getByRole('dialog').getByText('Angebot für die neue Halle, bitte.').waitFor();
    // What failed is on the console, as the browser reported it; nothing else went wrong.
    expect(
      page.errors.filter((error) => !/first-view-application|Failed to fetch|dynamically imported|net::ERR/.test(error)),
    ).toEqual([]);
  });
});
