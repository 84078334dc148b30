import { describe, expect, it } from 'vitest';
import {
  type DashboardFirstView,
  dashboardFirstViewKey,
  dashboardHolderCookieName,
  firstViewTokenTail,
  pageDataElementId,
} from '@blitz/contract';
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
const holderName = dashboardHolderCookieName(false);

/** The cookies of a browser holding `token` (the dashboard cookie), whose application holds `held` (the holder cookie). */
const cookiesOf = (token: string, held: string | null = token) => ({
  cookie: `${cookieName}=${token}${held === null ? '' : `; ${holderName}=${firstViewTokenTail(held)}`}`,
});

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
    const withCookie = cookiesOf(token);

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
    // What the list is named and filtered by, read with it.
    expect(view.inquiryTypes).toMatchObject({
      types: expect.arrayContaining([expect.objectContaining({ key: 'priceInquiry' })]),
    });
    expect(view.appliedJobs).toEqual([]);
    expect(view.jobs).toMatchObject({ data: [] });
    // Renewed to the session's end.
    expect(res.headers['set-cookie']?.join()).toContain(`${cookieName}=${token}`);

    // The API's reads were the staff member's request to the server: the origin it came by, no other.
    const address = await api(url, 'GET', '/api/v1/Settings/Address', { token });
    expect(address.body.requestOrigins).toEqual([new URL(url).origin]);

    // Without the cookie, for another tab, or where the browser's application no longer holds that
    // sign-in (signed out while offline; another token stored): the page as built.
    for (const [address, headers] of [
      ['/dashboard', {}],
      ['/dashboard?tab=projects', withCookie],
      ['/dashboard', cookiesOf(token, null)],
      ['/dashboard', cookiesOf(token, 'another.token.stored-in-the-browser')],
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
    const html = (await getOnce(`${url}/dashboard`, cookiesOf(editorToken))).body.toString('utf8');
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

  it('hands the cookie to whoever accepts an invitation: the inbox of the browser’s last sign-in is never theirs', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild(), SEED_SAMPLE: 'false' });
    const token = await signIn(url);
    const invited = await api(url, 'POST', '/api/v1/User', { token, body: { username: 'paul', role: 'inbox' } });
    const invitation = new URLSearchParams(new URL(invited.body.invitation.url).hash.slice(1)).get('invitation')!;
    const accepted = await api(url, 'POST', '/api/v1/login/Invitation', {
      body: { token: invitation, password: 'Erdungsmessung-im-Umspannwerk-7' },
      headers: cookiesOf(token),
    });
    expect(accepted.status, accepted.text).toBe(200);
    expect(setCookie(accepted.headers)).toContain(`${cookieName}=${accepted.body.jwtToken as string}`);
  });

  it('does not keep the session alive: its reads are not the user’s activity', async () => {
    // Sessions idle out after 3 s here, and are touched at most every 0.3 s.
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild(), SEED_SAMPLE: 'false', SESSION_IDLE_MINUTES: '0.05' });
    const token = await signIn(url);
    const until = async () =>
      Date.parse((await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: token } })).body.expiresAt as string);
    const before = await until();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(
      pageData((await getOnce(`${url}/dashboard`, cookiesOf(token))).body.toString('utf8'))[dashboardFirstViewKey],
    ).toBeDefined();
    expect(await until()).toBe(before);
    // A read of the browser's own does extend it.
    expect((await api(url, 'GET', '/api/v1/Inquiry/Unread', { token })).status).toBe(200);
    expect(await until()).toBeGreaterThan(before + 500);
  });

  it('takes a forged or foreign cookie for nothing: no list, no error', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild(), SEED_SAMPLE: 'false' });
    for (const value of ['x', 'a.b.c', '%%%', 'e'.repeat(5000)]) {
      const res = await getOnce(`${url}/dashboard`, cookiesOf(value));
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
