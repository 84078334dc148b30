import { describe, expect, it } from 'vitest';
import { type DashboardFirstView, dashboardFirstViewKey, firstViewTokenTail, pageDataElementId } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, getOnce, signIn, startTestApp, tempDir, testAdmin } from '../../test/helper';
import { postContact, priceInquiry } from '../contact/contact.test-kit';
import { withFirstView } from '../pages/first-view-document';
import { dashboardCookie } from './dashboard-cookie';
import { currentTotp } from './second-factor';

const earlyScript = '<script type="module" async crossorigin src="/assets/early-requests-abc.js"></script>';
const stylesheetPreload = '<link rel="preload" as="style" href="/assets/styles-abc.css">';

/**
 * A build whose dashboard, like the real one, names the early calls' script and only preloads the
 * stylesheet, and whose server bundle renders the inbox's first page when the data holds it.
 */
function fakeBuild(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head>${earlyScript}<title>${key}</title>${stylesheetPreload}</head><body><div id="root"></div></body></html>`,
    `const view = data['${dashboardFirstViewKey}'];
      const head = '${earlyScript}<title>' + page + '</title>${stylesheetPreload}';
      const names = view ? view.inbox.data.map((inquiry) => inquiry.firstName + ' ' + inquiry.lastName).join(', ') : '';
      return { html: view ? '<main>Anfragen: ' + names + '</main>' : '', head };`,
  );
}

const cookieName = dashboardCookie(false).name;

/** The cookie an answer sets (name=value and its attributes), if it sets the dashboard's. */
const setCookie = (headers: Headers) => headers.getSetCookie().find((cookie) => cookie.startsWith(`${cookieName}=`));

const pageData = (html: string) =>
  JSON.parse(
    html.match(new RegExp(`<script type="application/json" id="${pageDataElementId}">(.*?)</script>`))?.[1] ?? '{}',
  ) as Record<string, unknown>;

describe.each(databaseKinds)('/dashboard with the inbox’s first page (decision 067), on %s', (kind) => {
  it('is rendered for the sign-in the dashboard cookie carries, and only for it', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild(), SEED_SAMPLE: 'false' });
    expect((await postContact(url, { ...priceInquiry, firstName: 'Jörg', lastName: 'Hansen' })).status).toBe(201);

    // Signing in sets the cookie: the token, HttpOnly, SameSite=Strict, for the whole site.
    const signedIn = await api(url, 'POST', '/api/v1/login/Auth', {
      body: { username: 'admin', password: 'correct horse battery staple' },
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.jwtToken as string;
    const cookie = setCookie(signedIn.headers)!;
    expect(cookie).toContain(`${cookieName}=${token}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThan(60);
    const withCookie = { cookie: `${cookieName}=${token}` };

    const res = await getOnce(`${url}/dashboard`, withCookie);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['vary']).toMatch(/cookie/i);
    expect(res.headers['etag']).toBeUndefined();
    const html = res.body.toString('utf8');
    expect(html).toContain('<main>Anfragen: Jörg Hansen</main>');
    // It paints with the stylesheet; the early calls' answers are in the page already.
    expect(html).toContain('<link rel="stylesheet" href="/assets/styles-abc.css">');
    expect(html).not.toContain('early-requests');
    const view = pageData(html)[dashboardFirstViewKey] as DashboardFirstView;
    expect(view.token).toBe(firstViewTokenTail(token));
    expect(view.token).toHaveLength(16);
    expect(view.session).toMatchObject({ valid: true, username: 'admin', role: 'admin' });
    expect(view.inbox).toMatchObject({ count: 1, data: [{ firstName: 'Jörg', lastName: 'Hansen' }] });
    expect(view.spam).toMatchObject({ count: 0 });
    expect(view.unread).toEqual({ count: 1 });
    expect(view.checklist).toMatchObject({ items: expect.any(Array) });
    // Renewed to the session's end.
    expect(res.headers['set-cookie']?.join()).toContain(`${cookieName}=${token}`);

    // Without the cookie, or for another tab: the page as built, rendered in the browser.
    for (const [address, headers] of [
      ['/dashboard', {}],
      ['/dashboard?tab=projects', withCookie],
    ] as const) {
      const other = (await getOnce(`${url}${address}`, headers)).body.toString('utf8');
      expect(other, address).toContain('<div id="root"></div>');
      expect(other, address).not.toContain('Hansen');
      expect(other, address).toContain(earlyScript);
    }

    // The cookie is never a credential for the API: every route still wants the Bearer header.
    expect((await api(url, 'GET', '/api/v1/Inquiry', { headers: withCookie })).status).toBe(401);
    expect((await api(url, 'POST', '/api/v1/login/Logout', { headers: withCookie })).status).toBe(401);

    // Signing out clears it; the old cookie then renders nothing and is cleared again.
    const out = await api(url, 'POST', '/api/v1/login/Logout', { token, headers: withCookie });
    expect(out.status).toBe(204);
    expect(setCookie(out.headers)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    const after = await getOnce(`${url}/dashboard`, withCookie);
    expect(after.body.toString('utf8')).not.toContain('Hansen');
    expect(after.headers['set-cookie']?.join()).toMatch(new RegExp(`${cookieName}=;`));
  });

  it('is not rendered for a role without the inbox; a refused check clears the cookie', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild(), SEED_SAMPLE: 'false' });
    expect((await postContact(url, { ...priceInquiry, lastName: 'Hansen' })).status).toBe(201);
    const token = await signIn(url);
    const invited = await api(url, 'POST', '/api/v1/User', { token, body: { username: 'erika', role: 'editor' } });
    expect(invited.status, invited.text).toBe(201);
    const invitation = new URLSearchParams(new URL(invited.body.invitation.url).hash.slice(1)).get('invitation')!;
    const password = 'Erdungsmessung-im-Umspannwerk-7';
    expect((await api(url, 'POST', '/api/v1/login/Invitation', { body: { token: invitation, password } })).status).toBe(200);
    const editor = await api(url, 'POST', '/api/v1/login/Auth', { body: { username: 'erika', password } });
    const editorToken = editor.body.jwtToken as string;
    // The token's own check sets the cookie too (a browser signed in before the cookie existed).
    const checked = await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: editorToken } });
    expect(setCookie(checked.headers)).toContain(`${cookieName}=${editorToken}`);
    const html = (await getOnce(`${url}/dashboard`, { cookie: `${cookieName}=${editorToken}` })).body.toString('utf8');
    expect(html).not.toContain('Hansen');
    expect(pageData(html)[dashboardFirstViewKey]).toBeUndefined();

    // A refused check clears it.
    const refused = await api(url, 'POST', '/api/v1/login/Verfy', {
      body: { JWT: 'not-a-token' },
      headers: { cookie: `${cookieName}=not-a-token` },
    });
    expect(refused.status).toBe(401);
    expect(setCookie(refused.headers)).toMatch(new RegExp(`^${cookieName}=;`));
  });

  it('follows the token a password change and a second factor’s set-up hand out', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild(), SEED_SAMPLE: 'false' });
    const password = 'Erdungsmessung-im-Umspannwerk-7';
    const changed = await api(url, 'POST', '/api/v1/login/Password', {
      token: await signIn(url),
      body: { currentPassword: testAdmin.password, newPassword: password },
    });
    expect(changed.status, changed.text).toBe(200);
    const token = changed.body.jwtToken as string;
    expect(setCookie(changed.headers)).toContain(`${cookieName}=${token}`);
    const started = await api(url, 'POST', '/api/v1/login/SecondFactor/Setup', { token, body: { password } });
    const confirmed = await api(url, 'POST', '/api/v1/login/SecondFactor/Confirm', {
      token,
      body: { code: currentTotp(started.body.secret as string) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(setCookie(confirmed.headers)).toContain(`${cookieName}=${confirmed.body.jwtToken as string}`);
  });

  it('takes a forged or foreign cookie for nothing: no list, no error', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild(), SEED_SAMPLE: 'false' });
    for (const value of ['x', 'a.b.c', '%%%', 'e'.repeat(5000)]) {
      const res = await getOnce(`${url}/dashboard`, { cookie: `${cookieName}=${value}` });
      expect(res.status, value).toBe(200);
      expect(res.body.toString('utf8'), value).toContain('<div id="root"></div>');
    }
  });
});

describe('withFirstView', () => {
  it('makes the stylesheet block the first paint and leaves the early calls’ script out', () => {
    const built = `<head>${earlyScript}\n    <title>x</title>${stylesheetPreload}</head>`;
    expect(withFirstView(built)).toBe('<head><title>x</title><link rel="stylesheet" href="/assets/styles-abc.css"></head>');
  });

  it('names the cookie __Host- over HTTPS, as the preview cookie', () => {
    expect(dashboardCookie(true)).toEqual({
      name: '__Host-dashboard',
      options: { path: '/', httpOnly: true, sameSite: 'strict', secure: true },
    });
    expect(dashboardCookie(false).options.secure).toBe(false);
  });
});
