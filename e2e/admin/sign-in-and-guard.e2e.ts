import { beforeAll, describe, expect, it } from 'vitest';
import { type CategoryList, apiRoutes } from '@blitz/contract';
import { answerQuestion, api, apiLogin, axeViolations, openWithToken, retimedToken, storedToken } from '../support/admin-helpers';
import { admin, useSite, viewports } from '../support/harness';

// Sign-in, the dashboard's guard, session end and the admin code's separation from the public
// pages. The categories and projects screens are in categories-and-projects.e2e.ts.

const jwtSecret = 'e2e-jwt-secret-that-is-long-enough-0123456789';
const site = useSite({ JWT_SECRET: jwtSecret });
beforeAll(() => site.start());

const texts = {
  required: 'Dieses Feld ist ein Pflichtfeld.',
  wrong: 'Name oder Passwort ist falsch.',
  tooMany: /Zu viele fehlgeschlagene Versuche\. Bitte versuchen Sie es in \d+ Minuten? erneut \(um \d\d:\d\d Uhr\)\./,
  unreachable: 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  expired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  signedOut: 'Sie wurden abgemeldet.',
};

async function loginForm(page: Awaited<ReturnType<typeof site.page>>) {
  const main = page.locator('main');
  return {
    main,
    name: main.getByLabel('Name'),
    password: main.getByLabel('Passwort'),
    submit: main.getByRole('button', { name: 'Anmelden' }),
  };
}

const onLogin = (page: { url: () => string }) => new URL(page.url()).pathname === '/login';

describe('the guard of /dashboard', () => {
  it('sends a visitor without a token to /login', async () => {
    const page = await site.page();
    await page.goto(site.url + '/dashboard');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator('main').getByRole('button', { name: 'Anmelden' }).waitFor();
    // No session message: nobody was signed in.
    expect(await page.locator('main [role=status]').count()).toBe(0);
    expect(await storedToken(page)).toBeNull();
  });

  it('removes a garbage token and sends the user to /login with a short message', async () => {
    const page = await site.page();
    await openWithToken(page, site.url, 'not-a-token.at.all');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator('main').getByText(texts.expired).waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('removes a genuine but expired token and sends the user to /login', async () => {
    const expired = await retimedToken(await apiLogin(site.url), jwtSecret, Math.floor(Date.now() / 1000) - 60);
    const page = await site.page();
    await openWithToken(page, site.url, expired);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator('main').getByText(texts.expired).waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('lets a valid token in, and keeps the user in across a reload', async () => {
    const page = await site.page();
    await openWithToken(page, site.url, await apiLogin(site.url));
    await page.locator('main').getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.locator('main').getByText('Angemeldet als admin').waitFor();
    await page.reload();
    await page.locator('main').getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
  });
});

describe('the login page', () => {
  it('shows the product title, Name, Password and Login, and marks the page noindex', async () => {
    const page = await site.page();
    const res = await page.goto(site.url + '/login');
    expect(res!.headers()['x-robots-tag']).toMatch(/noindex/);
    expect(await page.locator('meta[name=robots]').getAttribute('content')).toMatch(/noindex/);
    const form = await loginForm(page);
    await form.main.getByRole('heading', { name: 'Musterblitz', level: 1 }).waitFor();
    await form.name.waitFor();
    await form.password.waitFor();
    await form.submit.waitFor();
    const dashboard = await fetch(site.url + '/dashboard');
    expect(dashboard.headers.get('x-robots-tag')).toMatch(/noindex/);
    expect(await dashboard.text()).toMatch(/<meta name="robots" content="noindex/);
  });

  it('requires Name and Password with a message next to each, and sends nothing until they are given', async () => {
    const page = await site.page();
    await page.goto(site.url + '/login');
    const requests: string[] = [];
    // The footer's contact form asks for its form token; the login form must send nothing.
    page.on('request', (r) => r.url().includes('/api/') && !r.url().includes('/Contact/FormToken') && requests.push(r.url()));
    const form = await loginForm(page);
    await form.submit.click();
    await form.main.getByText(texts.required).nth(1).waitFor();
    expect(await form.main.getByText(texts.required).count()).toBe(2);
    expect(await form.name.getAttribute('aria-invalid')).toBe('true');
    expect(await form.password.getAttribute('aria-invalid')).toBe('true');
    await form.name.fill('admin');
    await form.submit.click();
    await expect.poll(() => form.main.getByText(texts.required).count()).toBe(1);
    expect(requests).toEqual([]);
  });

  it('says "wrong name or password" in plain words, and stores no token', async () => {
    const page = await site.page();
    await page.goto(site.url + '/login');
    const form = await loginForm(page);
    await form.name.fill('admin');
    await form.password.fill('not-the-password-1234');
    await form.submit.click();
    const alert = form.main.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(texts.wrong);
    expect(await storedToken(page)).toBeNull();
    expect(onLogin(page)).toBe(true);
  });

  it('says when to try again after too many failed attempts', async () => {
    const page = await site.page();
    await page.goto(site.url + '/login');
    const form = await loginForm(page);
    // Another name than the admin's, so that the lock does not get in the way of other tests.
    await form.name.fill('someone-else');
    await form.password.fill('guessing-wrong-1234');
    const alert = form.main.getByRole('alert');
    for (let attempt = 0; attempt < 10; attempt++) {
      await form.submit.click();
      await alert.waitFor();
      if (texts.tooMany.test((await alert.textContent()) ?? '')) break;
      await form.main.getByRole('button', { name: 'Anmelden' }).waitFor();
    }
    expect(await alert.textContent()).toMatch(texts.tooMany);
  });

  it('says when the server cannot be reached', async () => {
    const page = await site.page();
    await page.goto(site.url + '/login');
    await page.route('**/api/v1/login/Auth', (route) => route.abort('connectionrefused'));
    const form = await loginForm(page);
    await form.name.fill('admin');
    await form.password.fill(admin.password);
    await form.submit.click();
    const alert = form.main.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(texts.unreachable);
  });

  it('signs in: the token is stored under JWT and the dashboard opens', async () => {
    const page = await site.page();
    await page.goto(site.url + '/login');
    const form = await loginForm(page);
    await form.name.fill(admin.username);
    await form.password.fill(admin.password);
    await form.submit.click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.locator('main').getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const token = await storedToken(page);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const verify = await fetch(site.url + '/api/v1/login/Verfy', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ JWT: token }),
    });
    expect(verify.status).toBe(200);
  });

  it('sends a user with a valid stored token on to the dashboard', async () => {
    const page = await site.page();
    await openWithToken(page, site.url, await apiLogin(site.url), '/login');
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await page.locator('main').getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  });

  it('does nothing visible with a rejected stored token', async () => {
    const page = await site.page();
    await openWithToken(page, site.url, 'rejected.token.value', '/login');
    await page.waitForResponse((r) => r.url().endsWith('/api/v1/login/Verfy'));
    const form = await loginForm(page);
    await form.submit.waitFor();
    expect(onLogin(page)).toBe(true);
    expect(await form.main.getByRole('alert').count()).toBe(0);
    expect(await form.main.locator('[role=status]').count()).toBe(0);
  });

  it('is in English when English is chosen, with the spec’s texts', async () => {
    const page = await site.page();
    await page.goto(site.url + '/login?lang=en');
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Login' }).click();
    await main.getByText('This field is required.').first().waitFor();
    await main.getByLabel('Name').fill('admin');
    await main.getByLabel('Password').fill('still-not-the-password');
    await main.getByRole('button', { name: 'Login' }).click();
    await main.getByRole('alert').getByText('Wrong name or password.').waitFor();
  });
});

describe('the sign-in page as the server sends it (issue 46)', () => {
  it('is in the HTML: the form shows without any script, which it says signing in needs', async () => {
    const html = await (await fetch(site.url + '/login')).text();
    expect(html).toContain('name="username"');
    expect(html).toMatch(/autocomplete="current-password"/i);
    // (Chromium with scripts turned off by Playwright still parses <noscript> as text: read from the HTML.)
    expect(html).toMatch(
      /<noscript><p [^>]*>Die Anmeldung braucht JavaScript\. Bitte schalten Sie es für diese Seite ein\.<\/p><\/noscript>/,
    );
    const page = await site.page({ viewport: viewports.phone, javaScriptEnabled: false });
    await page.goto(site.url + '/login');
    const form = await loginForm(page);
    await form.name.waitFor();
    await form.password.waitFor();
    await form.submit.waitFor();
    // The code field waits hidden until the server asks for it.
    expect(await form.main.getByLabel('Code').isVisible()).toBe(false);
  });

  it('loads neither the dashboard nor a form library, and is axe-clean in English on a phone', async () => {
    const page = await site.page({ viewport: viewports.phone });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(site.url + '/login?lang=en', { waitUntil: 'networkidle' });
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    // The page's script and the sign-in's own chunk: two files, none of the application's.
    expect(scripts).toHaveLength(2);
    expect(scripts.some((path) => /\/assets\/sign-in-[\w-]+\.js$/.test(path))).toBe(true);
    expect(await page.locator('meta[name="admin-app"]').count()).toBe(1);
    await main.getByRole('button', { name: 'Login' }).click();
    await main.getByText('This field is required.').nth(1).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});

describe('the end of a session', () => {
  it('logs out: the token is removed and the server no longer accepts it', async () => {
    const token = await apiLogin(site.url);
    const page = await site.page();
    await openWithToken(page, site.url, token);
    await page.locator('main').getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator('main').getByText(texts.signedOut).waitFor();
    expect(await storedToken(page)).toBeNull();
    const res = await fetch(site.url + '/api/v1/Category', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'after logout', translation: [] }),
    });
    expect(res.status).toBe(401);
    await page.goto(site.url + '/dashboard');
    await page.waitForURL((u) => u.pathname === '/login');
  });

  it('sends the user to login with a short message when an admin call answers 401 mid-session', async () => {
    const token = await apiLogin(site.url);
    const page = await site.page();
    await openWithToken(page, site.url, token, '/dashboard?tab=categories');
    const firstRow = page.locator('main tbody tr').first();
    await firstRow.getByRole('button', { name: /Löschen/ }).waitFor();
    // The token stops working behind the page's back (as at expiry, or a logout elsewhere).
    await api(site.url, token, 'POST', apiRoutes.auth.logout);
    const confirmed = answerQuestion(page, true);
    await firstRow.getByRole('button', { name: /Löschen/ }).click();
    expect((await confirmed).message).toBe(
      'Sind Sie sicher, dass Sie diese Kategorie löschen möchten? Sie kommt für 30 Tage in den Papierkorb und lässt sich dort wiederherstellen.',
    );
    await page.waitForURL((u) => u.pathname === '/login');
    await page.locator('main').getByText(texts.expired).waitFor();
    expect(await storedToken(page)).toBeNull();
  });

  it('ends the session when the token expires while the dashboard is open', async () => {
    // Long enough for a loaded machine to show the dashboard first (4 s was not, once).
    const soon = await retimedToken(await apiLogin(site.url), jwtSecret, Math.floor(Date.now() / 1000) + 12);
    const page = await site.page();
    await openWithToken(page, site.url, soon);
    await page.locator('main').getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    await page.locator('main').getByText(texts.expired).waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});

describe('a sign-in left unused', () => {
  // Three seconds without a request end it here (30 minutes by default).
  const idleSite = useSite({ JWT_SECRET: jwtSecret, SESSION_IDLE_MINUTES: '0.05' });
  beforeAll(() => idleSite.start());

  it('ends while the dashboard stays open untouched, and the user is sent to /login', async () => {
    const page = await idleSite.page();
    await openWithToken(page, idleSite.url, await apiLogin(idleSite.url));
    await page.locator('main').getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    await page.locator('main').getByText(texts.expired).waitFor();
    expect(await storedToken(page)).toBeNull();
  });
});

describe('the generated first password', () => {
  // No ADMIN_USERNAME/ADMIN_PASSWORD: the server creates `admin` and prints its password once.
  const firstStart = useSite({ JWT_SECRET: jwtSecret, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' });
  beforeAll(() => firstStart.start());

  it('must be replaced at the first sign-in before the dashboard can be used', async () => {
    const [, printedName, printed] = /Name:\s+(admin-[0-9a-f]{8})\n\s+Password:\s+(\S+)/.exec(firstStart.server.output()) ?? [];
    expect(printed).toBeDefined();
    const page = await firstStart.page();
    await page.goto(`${firstStart.url}/login`);
    const { main, name, password, submit } = await loginForm(page);
    await name.fill(printedName!);
    await password.fill(printed!);
    await submit.click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    await main.getByRole('heading', { name: 'Bitte wählen Sie ein eigenes Passwort' }).waitFor();
    expect(await main.getByRole('tab').count()).toBe(0);
    expect(await main.getByRole('button', { name: 'Abbrechen' }).count()).toBe(0);
    // The display name can wait: the server takes nothing but the password now.
    expect(await main.getByRole('button', { name: 'Mein Name' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    const newPassword = 'Erdungsanlage am Umspannwerk Nord 12';
    await main.getByLabel('Aktuelles Passwort').fill(printed!);
    await main.getByLabel(/^Neues Passwort( \*)?$/).fill(newPassword);
    await main.getByLabel('Neues Passwort wiederholen').fill(newPassword);
    await main.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Ihr Passwort wurde geändert. Andere Anmeldungen mit Ihrem Konto sind beendet.').waitFor();
    // The first admin starts where the first week's work is: the inquiries (issue 40).
    await main.getByRole('tab', { name: 'Anfragen', selected: true }).waitFor();
    await main.getByRole('tabpanel', { name: 'Anfragen' }).waitFor();
    await main.getByRole('button', { name: 'Mein Name' }).waitFor();
    // The next visit goes straight to the dashboard's areas.
    await page.reload();
    await main.getByRole('tab', { name: 'Anfragen', selected: true }).waitFor();
    expect(await main.getByRole('heading', { name: 'Bitte wählen Sie ein eigenes Passwort' }).count()).toBe(0);
    expect(page.errors).toEqual([]);
  });
});

describe('changing the password', () => {
  // A server of its own: the other tests here sign in with the admin's first password.
  const passwordSite = useSite({ JWT_SECRET: jwtSecret });
  beforeAll(() => passwordSite.start());

  it('lists where the account is signed in, ends another sign-in, and signs out here', async () => {
    const other = await apiLogin(passwordSite.url);
    const page = await passwordSite.page();
    await openWithToken(page, passwordSite.url, await apiLogin(passwordSite.url));
    const main = page.locator('main');
    await main.getByRole('tab', { name: 'Anmeldungen' }).click();
    const panel = main.getByRole('region', { name: 'Ihre Anmeldungen' });
    const items = panel.getByRole('listitem');
    await items.nth(1).waitFor();
    expect(await items.count()).toBe(2);
    expect(await panel.getByText('Diese Anmeldung').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: /^Anmeldung vom .* beenden$/ }).click();
    await page.waitForFunction(() => document.querySelectorAll('section[aria-labelledby="sessions-heading"] li').length === 1);
    const verify = await fetch(`${passwordSite.url}/api/v1/login/Verfy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ JWT: other }),
    });
    expect(verify.status).toBe(401);

    await panel.getByRole('button', { name: 'Hier abmelden' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await main.getByText(texts.signedOut).waitFor();
    expect(await storedToken(page)).toBeNull();
    expect(page.errors).toEqual([]);
  });

  it('needs the current password, says what is wrong at the field, and keeps this sign-in while ending the others', async () => {
    const other = await apiLogin(passwordSite.url);
    const page = await passwordSite.page();
    await openWithToken(page, passwordSite.url, await apiLogin(passwordSite.url));
    const main = page.locator('main');
    await main.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await main.getByRole('button', { name: 'Passwort ändern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });
    const current = dialog.getByLabel('Aktuelles Passwort');
    const fresh = dialog.getByLabel(/^Neues Passwort( \*)?$/);
    const repeat = dialog.getByLabel('Neues Passwort wiederholen');
    const save = dialog.getByRole('button', { name: 'Speichern' });

    await fresh.fill('zu kurz');
    await save.click();
    await dialog.getByText('Dieses Feld ist ein Pflichtfeld.').first().waitFor();
    await dialog.getByText('Das neue Passwort braucht mindestens 12 Zeichen.').waitFor();

    const newPassword = 'Fangstange über dem Dachfirst 47';
    await current.fill('nicht das Passwort');
    await fresh.fill(newPassword);
    await repeat.fill(newPassword + '!');
    await save.click();
    await dialog.getByText('Die beiden neuen Passwörter stimmen nicht überein.').waitFor();
    await repeat.fill(newPassword);
    await save.click();
    await dialog.getByText('Das aktuelle Passwort ist nicht richtig.').waitFor();
    expect(await current.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await current.getAttribute('aria-invalid')).toBe('true');

    await current.fill(admin.password);
    await save.click();
    await page.getByText('Ihr Passwort wurde geändert. Andere Anmeldungen mit Ihrem Konto sind beendet.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // This browser stays signed in, with the fresh token; the other sign-in and the old password are done.
    await page.reload();
    await main.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const check = (token: string) =>
      fetch(`${passwordSite.url}/api/v1/login/Verfy`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ JWT: token }),
      }).then((r) => r.status);
    expect(await check((await storedToken(page))!)).toBe(200);
    expect(await check(other)).toBe(401);
    await expect(apiLogin(passwordSite.url)).rejects.toThrow('401');
    await apiLogin(passwordSite.url, { username: admin.username, password: newPassword });
    // The browser reports each refused try (400) in the console; nothing else went wrong.
    expect(page.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});

describe('the server guards every change, whatever the page does', () => {
  it('refuses changes without a token or with a forged one, from the browser too', async () => {
    const page = await site.page();
    await page.goto(site.url + '/login');
    const statuses = await page.evaluate(async () => {
      const send = (method: string, path: string, token?: string) =>
        fetch(`/api/v1${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: method === 'DELETE' ? undefined : JSON.stringify({ name: 'x', translation: [] }),
        }).then((r) => r.status);
      return [
        await send('POST', '/Category'),
        await send('POST', '/Category', 'forged.token.here'),
        await send('PUT', '/Category', 'forged.token.here'),
        await send('DELETE', '/Category/1'),
        await send('POST', '/Project'),
        await send('DELETE', '/Project/1', 'forged.token.here'),
      ];
    });
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('does not let a page whose guard was tricked change anything', async () => {
    const page = await site.page();
    // The page's own check is fooled (as by altered JavaScript); the server is not.
    await page.route('**/api/v1/login/Verfy', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ valid: true, username: 'admin', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
      }),
    );
    // The dashboard's first reads for staff (the go-live checklist) would already meet the server's
    // refusal and end the visit; kept away here, so that the save itself is what the server refuses.
    await page.route('**/api/v1/Settings/Checklist', (route) => route.abort());
    // So would the inbox tab's count of the unread.
    await page.route('**/api/v1/Inquiry/Unread', (route) => route.abort());
    // On the categories, whose list is public: the inbox (where the dashboard opens) would meet the refusal at once.
    await openWithToken(page, site.url, 'forged.token.value', '/dashboard?tab=categories');
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Kategorie hinzufügen' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('forged-category');
    await dialog.getByLabel('Englischer Titel').fill('Forged');
    await dialog.getByLabel('Deutscher Titel').fill('Gefälscht');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await main.getByText(texts.expired).waitFor();
    const list = (await (await fetch(site.url + '/api/v1/Category')).json()) as CategoryList;
    expect(list.data.map((c) => c.name)).not.toContain('forged-category');
  });
});

describe('the admin code stays out of the public pages', () => {
  // Strings only the admin area's code contains (API paths, locale keys of its screens).
  const adminMarkers = ['login/Verfy', 'login/Auth', 'categories.confirmDelete', 'projects.modal.', 'dashboard.signedInAs'];

  async function scriptsOf(path: string): Promise<Map<string, string>> {
    const page = await site.page();
    const scripts = new Map<string, string>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        response.text().then(
          (text) => void scripts.set(response.url(), text),
          () => undefined,
        ),
      );
    });
    await page.goto(site.url + path, { waitUntil: 'networkidle' });
    // Scroll through the page so that whatever loads on the way (lazy parts) loads too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    return scripts;
  }

  it('serves the admin code in chunks of its own, which the markers find', async () => {
    const scripts = await scriptsOf('/dashboard');
    const withMarkers = [...scripts].filter(([, text]) => adminMarkers.some((m) => text.includes(m)));
    expect(withMarkers.length).toBeGreaterThan(0);
  });

  // The sign-in page too: its script signs in without the dashboard's application (issue 46).
  it.each(['/', '/Projects', '/Services', '/Blitzschutz', '/jobs', '/contactus', '/aboutus', '/impressum', '/login'])(
    'the scripts of %s contain none of it',
    async (path) => {
      const scripts = await scriptsOf(path);
      expect(scripts.size).toBeGreaterThan(0);
      for (const [url, text] of scripts) {
        for (const marker of adminMarkers) expect(text.includes(marker), `${marker} in ${url}`).toBe(false);
      }
    },
  );
});
