import http from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  apiRoutes,
  apiUrl,
  auditListSchema,
  notFoundListSchema,
  problemSchema,
  redirectImportResultSchema,
  redirectLimits,
  redirectListSchema,
  redirectSchema,
  redirectTestSchema,
} from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { signedInAs } from '../accounts/accounts.test-kit';
import { fakeWebBuildWithRenderer } from '../pages/pages.test-kit';

// Redirects of old addresses and the not-found log (issue 43, decision 047), over real HTTP.

const list = apiUrl(apiRoutes.redirects.list);
const one = (id: number) => apiUrl(apiRoutes.redirects.onePath(id));
const importUrl = apiUrl(apiRoutes.redirects.import);
const exportUrl = apiUrl(apiRoutes.redirects.export);
const notFoundUrl = apiUrl(apiRoutes.notFound.list);
const settingsUrl = apiUrl(apiRoutes.notFound.settings);

async function create(url: string, token: string, body: Record<string, unknown>) {
  const res = await api(url, 'POST', list, { token, body });
  expect(res.status, res.text).toBe(201);
  return redirectSchema.parse(res.body);
}

const csv = (url: string, token: string, text: string, type = 'text/csv') =>
  api(url, 'POST', importUrl, { token, raw: text, headers: { 'content-type': type } });

async function redirects(url: string, token: string) {
  const res = await api(url, 'GET', `${list}?PageLength=100`, { token });
  expect(res.status).toBe(200);
  return redirectListSchema.parse(res.body);
}

async function notFoundLog(url: string, token: string) {
  const res = await api(url, 'GET', `${notFoundUrl}?PageLength=100`, { token });
  expect(res.status).toBe(200);
  return notFoundListSchema.parse(res.body);
}

const location = (res: { headers: Headers }) => res.headers.get('location');

describe.each(databaseKinds)('redirects on %s', (kind) => {
  it('lists, adds, changes and removes redirects, admins only, each change in the audit trail', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const created = await create(url, token, { from: '/kontakt/', to: '/contactus' });
    expect(created).toMatchObject({ from: '/kontakt/', to: '/contactus', keepQuery: false, hits: 0, lastHitAt: null });
    expect(await redirects(url, token)).toEqual({ data: [created], count: 1 });

    const changed = await api(url, 'PUT', list, { token, body: { ...created, to: '/jobs', keepQuery: true } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.id, to: '/jobs', keepQuery: true });
    expect((await api(url, 'GET', one(created.id), { token })).body).toMatchObject({ to: '/jobs' });

    // The same address again (case, trailing slash) is taken.
    const taken = await api(url, 'POST', list, { token, body: { from: '/KONTAKT', to: '/aboutus' } });
    expect(taken.status).toBe(409);
    expect(problemSchema.parse(taken.body).code).toBe('conflict');

    expect((await api(url, 'DELETE', one(created.id), { token })).status).toBe(204);
    expect((await api(url, 'DELETE', one(created.id), { token })).status).toBe(404);
    expect((await api(url, 'PUT', list, { token, body: { ...created } })).status).toBe(404);

    const trail = auditListSchema.parse((await api(url, 'GET', '/api/v1/Audit', { token })).body);
    const entries = trail.data.filter((e) => e.item.kind === 'redirect').map((e) => [e.action, e.item.title]);
    expect(entries).toEqual([
      ['delete', '/kontakt/'],
      ['update', '/kontakt/'],
      ['create', '/kontakt/'],
    ]);
  });

  it('refuses what is not a path here or an https address, with the field named', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const bad: [Record<string, unknown>, string][] = [
      [{ from: 'kontakt', to: '/contactus' }, 'from'],
      [{ from: '//evil.example/x', to: '/contactus' }, 'from'],
      [{ from: '/api/v1/Project', to: '/contactus' }, 'from'],
      [{ from: '/dashboard', to: '/' }, 'from'],
      [{ from: '/', to: '/Projects' }, 'from'],
      [{ from: '/seite?foo=1', to: '/' }, 'from'],
      [{ from: '/a b', to: '/' }, 'from'],
      [{ from: '/alt', to: 'http://example.com/' }, 'to'],
      [{ from: '/alt', to: 'javascript:alert(1)' }, 'to'],
      [{ from: '/alt', to: '//evil.example/' }, 'to'],
      [{ from: '/alt', to: '' }, 'to'],
      [{ from: '/alt', to: '/x', extra: 1 }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await api(url, 'POST', list, { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const problem = problemSchema.parse(res.body);
      if (field)
        expect(
          problem.errors?.map((e) => e.field),
          JSON.stringify(body),
        ).toContain(field);
    }
    expect((await redirects(url, token)).count).toBe(0);
  });

  it('is for admins: a visitor gets 401, an editor and an inbox account 403, on every call', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const editor = (await signedInAs(url, token, 'editor1', 'editor')).token;
    const inbox = (await signedInAs(url, token, 'inbox1', 'inbox')).token;
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', list],
      ['POST', list, { body: { from: '/alt', to: '/' } }],
      ['PUT', list, { body: { id: 1, from: '/alt', to: '/' } }],
      ['DELETE', one(1)],
      ['GET', exportUrl],
      ['POST', importUrl, { raw: '/alt,/', headers: { 'content-type': 'text/csv' } }],
      ['GET', `${apiUrl(apiRoutes.redirects.test)}?Path=/alt`],
      ['GET', notFoundUrl],
      ['DELETE', apiUrl(apiRoutes.notFound.onePath(1))],
      ['GET', settingsUrl],
      ['PUT', settingsUrl, { body: { answer: 'notFoundPage' } }],
    ];
    for (const [method, path, options] of calls) {
      expect((await api(url, method, path, { ...options })).status, `${method} ${path}`).toBe(401);
      for (const other of [editor, inbox])
        expect((await api(url, method, path, { ...options, token: other })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('answers 301 ignoring case and trailing slash, keeps or drops the query, and knows ?p= and ?page_id=', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    await create(url, token, { from: '/Referenzen/Blitzschutz-Kirche-Hanau/', to: '/project/7' });
    await create(url, token, { from: '/kontakt', to: '/contactus', keepQuery: true });
    await create(url, token, { from: '/?p=123', to: '/Projects' });
    await create(url, token, { from: '/index.php?page_id=7', to: '/aboutus', keepQuery: true });
    await create(url, token, { from: '/alte-seite', to: 'https://partner.example/neu?x=1', keepQuery: true });
    await create(url, token, { from: '/%C3%BCber-uns/', to: '/aboutus' });

    const cases: [string, string][] = [
      ['/referenzen/blitzschutz-kirche-hanau', '/project/7'],
      ['/REFERENZEN/BLITZSCHUTZ-KIRCHE-HANAU/', '/project/7'],
      ['/referenzen/blitzschutz-kirche-hanau/?utm_source=x', '/project/7'],
      ['/Kontakt/', '/contactus'],
      ['/kontakt?utm_source=news&lang=en', '/contactus?utm_source=news&lang=en'],
      ['/?p=123', '/Projects'],
      ['/?lang=en&p=123', '/Projects'],
      ['/index.php?page_id=7&lang=en', '/aboutus?lang=en'],
      ['/alte-seite/?a=b', 'https://partner.example/neu?x=1&a=b'],
      ['/über-uns', '/aboutus'],
      ['/%C3%9Cber-uns', '/aboutus'],
    ];
    for (const [from, to] of cases) {
      const res = await api(url, 'GET', encodeURI(from).replace(/%25/g, '%'), {});
      expect(res.status, from).toBe(301);
      expect(location(res), from).toBe(to);
    }
    // HEAD too; not another post id, not another query form, not a POST.
    expect((await api(url, 'HEAD', '/kontakt')).status).toBe(301);
    // (The home page itself: 503 here, where the web app is not built.)
    expect((await api(url, 'GET', '/?p=124')).status).not.toBe(301);
    expect((await api(url, 'GET', '/index.php?p=7')).status).toBe(302);

    // The test of an address in the dashboard says the same, for a path or a whole old URL.
    const tested = await api(
      url,
      'GET',
      `${apiUrl(apiRoutes.redirects.test)}?Path=${encodeURIComponent('https://old.example/KONTAKT/?a=1')}`,
      {
        token,
      },
    );
    expect(redirectTestSchema.parse(tested.body)).toMatchObject({ location: '/contactus?a=1', redirect: { from: '/kontakt' } });
    const untested = await api(url, 'GET', `${apiUrl(apiRoutes.redirects.test)}?Path=/nirgends`, { token });
    expect(untested.body).toEqual({ redirect: null, location: null });

    // Hits are counted (in batches; the list writes them first).
    const hit = (await redirects(url, token)).data.find((r) => r.from === '/kontakt')!;
    expect(hit.hits).toBe(3);
    expect(hit.lastHitAt).not.toBeNull();
  });

  it('collapses chains on save and refuses loops with 409 redirect_loop', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const b = await create(url, token, { from: '/b', to: '/c' });
    // A → B → C is saved as A → C.
    const a = await create(url, token, { from: '/a/', to: '/B/' });
    expect(a.to).toBe('/c');
    // X → A … and A now leads elsewhere: X follows.
    await create(url, token, { from: '/x', to: '/y' });
    const p1 = await create(url, token, { from: '/p1', to: '/p2' });
    const changedB = await api(url, 'PUT', list, { token, body: { id: b.id, from: '/b', to: '/jobs' } });
    expect(changedB.status).toBe(200);
    // C → X → Y: saved as C → Y, and A, which led to C, follows.
    const c = await create(url, token, { from: '/c', to: '/x' });
    expect(c.to).toBe('/y');
    const all = await redirects(url, token);
    const to = (from: string) => all.data.find((r) => r.from === from)?.to;
    expect(to('/a/')).toBe('/y');
    expect(to('/x')).toBe('/y');
    expect(to('/b')).toBe('/jobs');
    for (const res of [
      await api(url, 'POST', list, { token, body: { from: '/y', to: '/a' } }),
      await api(url, 'POST', list, { token, body: { from: '/self', to: '/SELF/' } }),
      await api(url, 'POST', list, { token, body: { from: '/p2', to: '/p1' } }),
      await api(url, 'PUT', list, { token, body: { id: p1.id, from: '/p1', to: '/P1/' } }),
    ]) {
      expect(res.status).toBe(409);
      const problem = problemSchema.parse(res.body);
      expect(problem.code).toBe('redirect_loop');
      expect(problem.detail).toMatch(/lead back/);
    }
    for (const from of ['/a', '/c', '/x']) expect(location(await api(url, 'GET', from))).toBe('/y');
    expect((await api(url, 'GET', '/y')).status).toBe(302);
  });

  it('imports and exports CSV; a bad file is a 400 naming the line, and nothing of it is saved', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    await create(url, token, { from: '/formel', to: '/aboutus' });
    const file = [
      'from,to,keepQuery',
      '/kontakt/,/contactus,false',
      '"/karriere/","/jobs",true',
      '/?p=12,/project/3',
      '/alt,/kontakt',
      '/formel,/impressum',
    ].join('\r\n');
    const imported = await csv(url, token, file);
    expect(imported.status, imported.text).toBe(200);
    expect(redirectImportResultSchema.parse(imported.body)).toEqual({ created: 4, updated: 1 });
    // Safe to repeat: nothing changes.
    expect((await csv(url, token, file)).body).toEqual({ created: 0, updated: 0 });
    expect(location(await api(url, 'GET', '/alt/'))).toBe('/contactus');
    expect(location(await api(url, 'GET', '/karriere?x=1'))).toBe('/jobs?x=1');

    const exported = await api(url, 'GET', exportUrl, { token });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="?redirects-[\d-]+\.csv/);
    const lines = exported.text.trim().split('\r\n');
    expect(lines[0]).toBe('from,to,keepQuery');
    expect(lines).toContain('"/karriere/","/jobs","true"');
    expect(lines).toContain('"/alt","/contactus","false"');
    // The export reads back in as it is.
    expect((await csv(url, token, exported.text)).body).toEqual({ created: 0, updated: 0 });

    const before = (await redirects(url, token)).data;
    const badFiles: [string, RegExp][] = [
      ['', /no redirect/],
      ['from,to\n', /no redirect/],
      ['/a,"/b\n/c,/d', /line 1: a quoted cell is not closed/],
      ['/a,/b\n/c\n', /line 2: expected 2 or 3 cells/],
      ['/a,/b,/c,/d', /line 1: expected 2 or 3 cells/],
      ['/neu,/b\n/zwei,/x,vielleicht', /line 2: keepQuery/],
      ['/neu,/b\nkontakt,/contactus', /Line 2: from/],
      ['/neu,/b\n/drei,javascript:alert(1)', /Line 2: to/],
      ['/neu,/drei\n/drei,/neu', /Line 2: .*lead back/],
      ['/a,"/b"x', /quoted cell must end/],
      ['\u0000\u0001\u0002PK', /not a text|body/],
    ];
    for (const [text, detail] of badFiles) {
      const res = await csv(url, token, text);
      expect(res.status, JSON.stringify(text)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(text)).toBeLessThan(500);
      expect(problemSchema.parse(res.body).detail, JSON.stringify(text)).toMatch(detail);
    }
    // Not CSV at all: refused, never a 500.
    const json = await api(url, 'POST', importUrl, { token, body: { from: '/a', to: '/b' } });
    expect(json.status).toBe(415);
    expect((await redirects(url, token)).data).toEqual(before);
  });

  it('answers 301 ahead of kept and replayed pages, and the page again once the redirect is gone', async () => {
    const { url, app } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const token = await signIn(url);
    await api(url, 'GET', '/api/v1/Category');
    const replays = async () =>
      (await app.metrics.cacheLookups.get()).values.find((v) => v.labels.cache === 'replay')?.value ?? 0;
    for (let i = 0; i < 3; i++) expect((await api(url, 'GET', '/aboutus')).status).toBe(200);
    expect((await api(url, 'GET', '/?p=5')).status).toBe(200);
    expect((await api(url, 'GET', '/?p=5')).status).toBe(200);
    expect(await replays()).toBeGreaterThan(0);

    const made = await create(url, token, { from: '/aboutus', to: '/contactus' });
    await create(url, token, { from: '/?p=5', to: '/Projects' });
    for (let i = 0; i < 3; i++) {
      const res = await api(url, 'GET', '/aboutus');
      expect(res.status).toBe(301);
      expect(location(res)).toBe('/contactus');
      expect(location(await api(url, 'GET', '/?p=5'))).toBe('/Projects');
    }
    expect((await api(url, 'DELETE', one(made.id), { token })).status).toBe(204);
    expect((await api(url, 'GET', '/aboutus')).status).toBe(200);
  });

  it('logs addresses that lead nowhere: count, bots apart, first and last seen, the referring host only', async () => {
    const { url, log } = await startTestApp(kind);
    const token = await signIn(url);
    const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' };
    for (let i = 0; i < 3; i++) {
      const res = await api(url, 'GET', `/Referenzen/Halle-XY/?utm=${i}`, {
        headers: { ...browser, referer: 'https://www.google.de/search?q=blitzschutz+halle&client=secret' },
      });
      expect(res.status).toBe(302);
      expect(location(res)).toBe('/');
    }
    await api(url, 'GET', '/referenzen/halle-xy', {
      headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    });
    await api(url, 'GET', '/feed/', { headers: browser });
    // Not pages: not logged.
    await api(url, 'GET', '/api/v1/Nothing');
    await api(url, 'GET', '/assets/nothing.js');
    await api(url, 'POST', '/kontakt');

    const logged = await notFoundLog(url, token);
    expect(logged.count).toBe(2);
    const [first, second] = logged.data;
    expect(first).toMatchObject({ path: '/Referenzen/Halle-XY/', count: 3, botCount: 1, referrerHost: 'www.google.de' });
    expect(first!.firstSeenAt <= first!.lastSeenAt).toBe(true);
    expect(second).toMatchObject({ path: '/feed/', count: 1, botCount: 0, referrerHost: null });
    // Never the visitor's address, nor the referring page's query.
    expect(JSON.stringify(logged)).not.toMatch(/127\.0\.0\.1|secret|blitzschutz\+halle/);

    // A redirect made from a row takes the row off: the address answers now.
    await create(url, token, { from: first!.path, to: '/Projects' });
    expect((await notFoundLog(url, token)).data.map((e) => e.path)).toEqual(['/feed/']);
    expect(location(await api(url, 'GET', '/referenzen/halle-xy'))).toBe('/Projects');

    const deleted = await api(url, 'DELETE', apiUrl(apiRoutes.notFound.onePath(second!.id)), { token });
    expect(deleted.status).toBe(204);
    expect((await notFoundLog(url, token)).count).toBe(0);
    expect((await api(url, 'DELETE', apiUrl(apiRoutes.notFound.onePath(second!.id)), { token })).status).toBe(404);
    expect(log.text()).not.toMatch(/not-found log: batch not written/);
  });

  it('answers a not-found page instead of the redirect home once an admin chooses it: 404, in the visitor’s language, without a script', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    expect((await api(url, 'GET', settingsUrl, { token })).body).toEqual({ answer: 'redirectHome' });
    expect((await api(url, 'GET', '/kontakt/')).status).toBe(302);
    const bad = await api(url, 'PUT', settingsUrl, { token, body: { answer: 'teapot' } });
    expect(bad.status).toBe(400);
    const saved = await api(url, 'PUT', settingsUrl, { token, body: { answer: 'notFoundPage' } });
    expect(saved.body).toEqual({ answer: 'notFoundPage' });

    const de = await api(url, 'GET', '/kontakt/');
    expect(de.status).toBe(404);
    expect(de.headers.get('content-type')).toMatch(/^text\/html/);
    expect(de.headers.get('content-language')).toBe('de');
    expect(de.text).toContain('<html lang="de">');
    expect(de.text).toContain('Seite nicht gefunden');
    expect(de.text).toMatch(/<a href="\/">Start<\/a>/);
    expect(de.text).toMatch(/<a href="\/Projects">Referenzen<\/a>/);
    expect(de.text).toMatch(/<a href="\/contactus#contact-form">Kontakt<\/a>/);
    expect(de.text).toContain('<meta name="robots" content="noindex">');
    expect(de.text).not.toMatch(/<script/i);
    // Its own style is allowed by its hash, nothing else.
    expect(de.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'sha256-/);

    const en = await api(url, 'GET', '/kontakt/?lang=en');
    expect(en.status).toBe(404);
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('Page not found');
    expect(en.text).toMatch(/<a href="\/Projects\?lang=en">References<\/a>/);
    expect(en.text).toMatch(/<a href="\/contactus\?lang=en#contact-form">Contact<\/a>/);
    // The stored language choice counts too.
    const byCookie = await api(url, 'GET', '/nirgends', { headers: { cookie: 'Language=en' } });
    expect(byCookie.text).toContain('Page not found');
    // Not pages keep their plain 404.
    expect((await api(url, 'GET', '/api/v1/Nothing')).headers.get('content-type')).toMatch(/problem\+json/);
    // Both answers are logged.
    const entry = (await notFoundLog(url, token)).data.find((e) => e.path === '/kontakt/');
    expect(entry && entry.count + entry.botCount).toBe(3);

    await api(url, 'PUT', settingsUrl, { token, body: { answer: 'redirectHome' } });
    expect((await api(url, 'GET', '/kontakt/')).status).toBe(302);
    const trail = auditListSchema.parse((await api(url, 'GET', '/api/v1/Audit', { token })).body);
    expect(trail.data.filter((e) => e.item.kind === 'notFoundSettings')).toHaveLength(2);
  });

  it('keeps the log within its budget under a flood of 100,000 random addresses, the frequent ones kept', async () => {
    const { url } = await startTestApp(kind, { LOG_LEVEL: 'warn' });
    const token = await signIn(url);
    const port = new URL(url).port;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
    const get = (path: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path, agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    for (let i = 0; i < 5; i++) await get('/wp-content/uploads/preisliste.pdf');
    const total = 100_000;
    let next = 0;
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < total) {
          const n = next++;
          const status = await get(`/random-${n}-${Math.random().toString(36).slice(2)}`);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    agent.destroy();
    expect(statuses).toEqual(new Map([[302, total]]));
    const logged = await notFoundLog(url, token);
    expect(logged.count).toBeLessThanOrEqual(redirectLimits.notFoundBudget);
    expect(logged.count).toBeGreaterThan(redirectLimits.notFoundBudget / 2);
    expect(logged.data[0]).toMatchObject({ path: '/wp-content/uploads/preisliste.pdf', count: 0, botCount: 5 });
  }, 300_000);
});
