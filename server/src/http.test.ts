import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lockedDownCsp } from './plugins/app/security-headers';
import { writeFakePages } from './test/fake-web-build';
import { api, databaseKinds, getOnce, startTestApp, tempDir } from './test/helper';

/** A minimal web build, as the prerenderer writes it, so that page serving is tested without Vite. */
function fakeWebBuild(): string {
  const dist = tempDir();
  writeFakePages(dist, (key, lang) => `<!doctype html><html lang="${lang}"><title>${key}</title>${'x'.repeat(2000)}</html>`);
  fs.mkdirSync(path.join(dist, 'assets/i18n'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'assets/index-AbCd1234.js'), 'console.log(1);'.repeat(200));
  // As the build precompresses it (web/scripts/prerender.mjs).
  fs.writeFileSync(path.join(dist, 'assets/index-AbCd1234.js.br'), zlib.brotliCompressSync('console.log(1);'.repeat(200)));
  fs.writeFileSync(path.join(dist, 'assets/i18n/de.json'), '{"a":"b"}');
  return dist;
}

const securityHeaders = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

describe.each(databaseKinds)('HTTP basics on %s', (kind) => {
  it('puts the security headers on API answers, errors, pages and assets', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    for (const [method, route] of [
      ['GET', '/'],
      ['GET', '/Services'],
      ['GET', '/assets/index-AbCd1234.js'],
      ['GET', '/api/v1/unknown'],
      ['POST', '/api/v1/login/Auth'],
      ['GET', '/assets/missing.js'],
    ] as const) {
      const res = await api(url, method, route);
      for (const [name, value] of Object.entries(securityHeaders))
        expect(res.headers.get(name), `${name} on ${route}`).toBe(value);
      expect(res.headers.get('content-security-policy'), route).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.status).toBeLessThan(500);
    }
  });

  it('names accept-encoding once in Vary on a page compressed per response', async () => {
    // Without the server bundle the gallery is sent as built, compressed by the compression plugin.
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const res = await getOnce(`${url}/Projects`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('cookie, accept-encoding');
  });

  it('puts the security headers and the locked-down CSP on media files too', async () => {
    const { url, config } = await startTestApp(kind);
    const key = 'projects/0123456789abcdef0123-480.webp';
    fs.mkdirSync(path.join(config.dataDir, 'media', 'projects'), { recursive: true });
    fs.writeFileSync(path.join(config.dataDir, 'media', key), Buffer.from('RIFF....WEBP'));
    const res = await getOnce(`${url}/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers[name], name).toBe(value);
    expect(res.headers['content-security-policy']).toBe(lockedDownCsp);
  });

  it('sends HSTS (a year or more, subdomains too) on every answer served over HTTPS through a trusted proxy', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild(), TRUST_PROXY: '127.0.0.1' });
    const https = { 'x-forwarded-proto': 'https' };
    for (const [method, route] of [
      ['GET', '/'],
      ['GET', '/api/v1/Project'],
      ['GET', '/api/v1/unknown'],
      ['POST', '/api/v1/login/Auth'],
      ['GET', '/nowhere'],
    ] as const) {
      const res = await api(url, method, route, { headers: https });
      const hsts = res.headers.get('strict-transport-security') ?? '';
      expect(hsts, route).toMatch(/includeSubDomains/);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), route).toBeGreaterThanOrEqual(31_536_000);
    }
    // Over plain HTTP (what the proxy says, or no proxy at all) there is none: browsers ignore it there.
    expect((await api(url, 'GET', '/api/v1/Project')).headers.get('strict-transport-security')).toBeNull();
  });

  it('answers unknown API, asset and media paths with 404 problem+json, and other paths with a redirect home', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    for (const route of [
      '/api/v1/nothing',
      '/assets/nothing.js',
      '/media/x.avif',
      '/API/V1/Nothing',
      '/assets/',
      '/assets/i18n/',
    ]) {
      const res = await api(url, 'GET', route);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 404, code: 'not_found', title: 'Not Found' });
    }
    for (const route of ['/nowhere', '/project', '/Services/extra', '/index.php?x=1', '/.git/config', '/.env']) {
      const res = await api(url, 'GET', route);
      expect(res.status, route).toBe(302);
      expect(res.headers.get('location')).toBe('/');
    }
  });

  it('serves each page in the language of ?lang, then of the cookie, else German', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    expect((await api(url, 'GET', '/jobs')).text).toContain('<html lang="de">');
    const english = await api(url, 'GET', '/jobs?lang=en');
    expect(english.text).toContain('<html lang="en">');
    expect(english.headers.get('set-cookie')).toMatch(/^Language=en;/);
    expect(english.headers.get('set-cookie')).toMatch(/; SameSite=Lax/);
    expect(english.headers.get('content-language')).toBe('en');
    expect((await api(url, 'GET', '/jobs', { headers: { cookie: 'Language=en' } })).text).toContain('lang="en"');
    expect((await api(url, 'GET', '/jobs', { headers: { cookie: 'Language=fr' } })).text).toContain('lang="en"');
    expect((await api(url, 'GET', '/jobs?lang=xx', { headers: { cookie: 'Language=de' } })).text).toContain('lang="de"');
  });

  it('keeps the language in a __Host- cookie over HTTPS, and there trusts no other', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild(), TRUST_PROXY: '127.0.0.1' });
    const https = { 'x-forwarded-proto': 'https' };
    const english = await api(url, 'GET', '/jobs?lang=en', { headers: https });
    expect(english.headers.get('set-cookie')).toBe('__Host-Language=en; Max-Age=31536000; Path=/; Secure; SameSite=Lax');
    const page = (cookie: string) => api(url, 'GET', '/jobs', { headers: { ...https, cookie } });
    expect((await page('__Host-Language=en')).text).toContain('lang="en"');
    // A plain cookie could have been set by a sibling subdomain or over HTTP: not taken here.
    expect((await page('Language=en')).text).toContain('lang="de"');
    expect((await api(url, 'GET', '/JOBS')).status).toBe(200);
    // A project page is rendered per request from its data; an unknown project goes home (SPEC.md §2).
    expect((await api(url, 'GET', '/project/12')).headers.get('location')).toBe('/');
  });

  it('gives pages a strict CSP that allows the map frame only where a map is', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const home = (await api(url, 'GET', '/')).headers.get('content-security-policy')!;
    expect(home).toMatch(/^default-src 'self'/);
    expect(home).toContain("script-src 'self' 'sha256-abc='");
    expect(home).not.toContain('unsafe-inline');
    expect(home).not.toContain('unsafe-eval');
    expect(home).toContain("object-src 'none'");
    expect(home).toContain("base-uri 'none'");
    expect(home).toContain("form-action 'self'");
    expect(home).toContain('frame-src https://www.openstreetmap.org');
    const jobs = (await api(url, 'GET', '/jobs')).headers.get('content-security-policy')!;
    expect(jobs).toContain("frame-src 'none'");
  });

  it('sends pages compressed, revalidated, and admin pages not indexed and not stored', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const br = await fetch(url + '/', { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    const raw = Buffer.from(await br.arrayBuffer());
    // fetch decodes br itself; the length check only shows that a body came.
    expect(raw.length).toBeGreaterThan(0);
    const etag = br.headers.get('etag')!;
    expect((await fetch(url + '/', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const dashboard = await api(url, 'GET', '/dashboard');
    expect(dashboard.headers.get('cache-control')).toBe('no-store');
    expect(dashboard.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('caches hashed assets for a year and revalidates translations', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const script = await api(url, 'GET', '/assets/index-AbCd1234.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Its precompressed form alike: a browser taking brotli keeps it for a year too.
    const compressed = await fetch(url + '/assets/index-AbCd1234.js', { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await compressed.text()).toBe('console.log(1);'.repeat(200));
    // Translations are served as published (decision 022), revalidated by the content version.
    const texts = await api(url, 'GET', '/assets/i18n/de.json');
    expect(texts.status).toBe(200);
    expect(texts.headers.get('cache-control')).toBe('no-cache');
    expect(texts.headers.get('etag')).toMatch(/^"i18n-/);
  });

  it('answers 503 for pages while the web app is not built, without failing the API', async () => {
    const { url } = await startTestApp(kind);
    const page = await api(url, 'GET', '/');
    expect(page.status).toBe(503);
    expect(page.body.code).toBe('service_unavailable');
    expect((await api(url, 'POST', '/api/v1/login/Verfy', { body: { JWT: 'x' } })).status).toBe(401);
  });

  it('answers router-level errors (overlong or malformed path parameters) with problem details', async () => {
    const { url } = await startTestApp(kind);
    const long = await api(url, 'DELETE', `/api/v1/Category/${'9'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect(long.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const bad = await api(url, 'GET', '/api/v1/Project/%E0%A4%A');
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe(400);
  });

  it('answers every request with a request id', async () => {
    const { url } = await startTestApp(kind);
    const res = await api(url, 'GET', '/api/v1/x');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
