import { describe, expect, it } from 'vitest';
import { defaultCompanyDetails, pages, siteAddressSchema } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import {
  api,
  databaseKinds,
  freshDatabase,
  getOnce,
  signIn,
  startTestApp,
  tempDir,
  testDatabaseUrl,
  twoInstancesOnOnePostgres,
} from '../../test/helper';
import { migrateToLatest } from '../../db/migrate';
import { plainOriginOf, publicOriginOf, shippedOrigin } from './public-origin';
import type { FastifyRequest } from 'fastify';
import { createRequestOrigins, recentOriginMs, requestOriginOf } from './request-origins';

const built = 'https://www.example.com';
const saved = 'https://www.blitzwerk-hanau.de';

/** The details of a real company whose website is not the placeholder's. */
const realCompany = {
  ...defaultCompanyDetails,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  email: 'info@blitzwerk-hanau.de',
  vatId: 'DE123456789',
  // With a path: the public address is its origin.
  website: `${saved}/start`,
};

/**
 * A web build whose pages and server bundle write absolute addresses with the build's origin, as
 * the real prerenderer and entry-server do: the head names the canonical address, the hreflang
 * alternates, og:url and JSON-LD; the body names the company.
 */
function fakeBuild(): string {
  const head = (pagePath: string, name: string) =>
    [
      `<title>${name}</title>`,
      `<link rel="canonical" href="${built}${pagePath}" />`,
      `<link rel="alternate" hreflang="de" href="${built}${pagePath}" />`,
      `<link rel="alternate" hreflang="en" href="${built}${pagePath}?lang=en" />`,
      `<link rel="alternate" hreflang="x-default" href="${built}${pagePath}" />`,
      `<meta property="og:site_name" content="${name}" />`,
      `<meta property="og:url" content="${built}${pagePath}" />`,
      `<script type="application/ld+json">{"url":"${built}${pagePath}","logo":"${built}/icon-512.png"}</script>`,
    ].join('\n    ');
  const dist = writeFakeWebBuild(
    tempDir(),
    (key, lang) => {
      const pagePath = pages[key as keyof typeof pages].path.replace(':id', '0');
      return `<!doctype html><html lang="${lang}"><head>${head(pagePath, 'Musterblitz')}\n  </head><body><div id="root"><p>Musterblitz</p></div></body></html>`;
    },
    `const built = origin;
      const path = url.split('?')[0];
      const name = content ? content.company.name : 'Musterblitz';
      return { html: '<p>' + name + '</p>', head: (${head.toString()})(path, name) };`,
  );
  return dist;
}

const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));

/** Every absolute address in a text, as origins. */
const originsIn = (text: string) => [
  ...new Set([...text.matchAll(/https?:\/\/[a-z0-9.:-]+/g)].map((m) => m[0]).filter((o) => o !== 'https://schema.org')),
];

const jobBody = {
  title: [
    { content: 'Monteur', language: 2 },
    { content: 'Fitter', language: 1 },
  ],
  tasks: [{ content: 'Montage', language: 2 }],
  profile: [],
  offer: [],
  howToApply: [],
  location: 'Hanau',
  employmentType: 'FULL_TIME',
  contact: 'Personalabteilung',
  published: true,
};

describe('publicOriginOf', () => {
  it('takes SITE_URL where set, else the saved website’s origin, else the shipped one', () => {
    expect(publicOriginOf('https://site.example', saved)).toEqual({ origin: 'https://site.example', source: 'SITE_URL' });
    expect(publicOriginOf(undefined, `${saved}/start?x=1#top`)).toEqual({ origin: saved, source: 'website' });
    expect(publicOriginOf(undefined, 'http://Firma.Example:8080/')).toEqual({
      origin: 'http://firma.example:8080',
      source: 'website',
    });
    expect(publicOriginOf(undefined, defaultCompanyDetails.website)).toEqual({ origin: shippedOrigin, source: 'default' });
    expect(publicOriginOf(undefined, `${shippedOrigin}/about`)).toEqual({ origin: shippedOrigin, source: 'default' });
  });

  it('never takes an address that would need escaping in a page’s head, or no web address', () => {
    for (const website of [
      'https://a"b.example',
      "https://a'b.example",
      'https://a&b.example',
      'https://a{b}.example',
      'ftp://x.example',
      'x',
    ]) {
      expect(publicOriginOf(undefined, website), website).toEqual({ origin: shippedOrigin, source: 'default' });
      expect(plainOriginOf(website), website).toBeUndefined();
    }
    expect(plainOriginOf('https://Bäcker.example/x')).toBe('https://xn--bcker-gra.example');
    expect(plainOriginOf('http://[::1]:3000/')).toBe('http://[::1]:3000');
  });
});

describe('requestOriginOf', () => {
  const origin = (protocol: string, host: string | undefined) => requestOriginOf({ protocol, host } as FastifyRequest);
  it('is the scheme and host a request was made to, or nothing for a host no address can have', () => {
    expect(origin('https', 'www.Firma.example')).toBe('https://www.firma.example');
    expect(origin('http', '127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(origin('https', 'www.firma.example:443')).toBe('https://www.firma.example');
    expect(origin('http', '')).toBeUndefined();
    expect(origin('http', undefined)).toBeUndefined();
    expect(origin('http', 'a"b.example')).toBeUndefined();
    expect(origin('http', 'x.example/evil')).toBeUndefined();
  });
});

describe.each(databaseKinds)('recorded request origins on %s', (kind) => {
  it('lists the last hour’s origins, newest first, writing each at most every few minutes, at most 20 at a time', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    let now = Date.parse('2026-11-25T10:00:00Z');
    const first = createRequestOrigins(db, () => now);
    const second = createRequestOrigins(db, () => now);
    await first.record('https://a.example');
    now += 1000;
    await second.record('https://b.example');
    // Another instance sees what this one recorded.
    expect(await first.recent(10)).toEqual(['https://b.example', 'https://a.example']);
    now += 1000;
    // Written again only after a few minutes: the order stays.
    await first.record('https://a.example');
    expect(await second.recent(10)).toEqual(['https://b.example', 'https://a.example']);
    now += 6 * 60 * 1000;
    await first.record('https://a.example');
    expect(await second.recent(10)).toEqual(['https://a.example', 'https://b.example']);
    expect(await second.recent(1)).toEqual(['https://a.example']);
    // An hour later b is no longer recent.
    now += recentOriginMs - 60 * 1000;
    expect(await first.recent(10)).toEqual(['https://a.example']);
    // Made-up hosts fill at most 20 places; a known one is still written.
    for (let i = 0; i < 30; i++) await first.record(`https://h${i}.example`);
    expect((await first.recent(100)).length).toBe(20);
    expect(await first.recent(100)).not.toContain('https://h29.example');
  });
});

describe.each(databaseKinds)('the public address follows the dashboard, on %s', (kind) => {
  it('without SITE_URL: every page, the sitemap, robots.txt and security.txt use the saved website from the next request', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild() });
    const token = await signIn(url);
    const job = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody });
    expect(job.status).toBe(201);
    const text = async (address: string) => (await getOnce(`${url}${address}`)).body.toString('utf8');
    const addresses = ['/', '/jobs', '/Projects', '/impressum?lang=en', `/jobs/${job.body.id}`];

    // The sample company: the shipped address everywhere.
    for (const address of addresses) expect(originsIn(headOf(await text(address))), address).toEqual([built]);
    expect(originsIn(await text('/sitemap.xml')).filter((o) => !o.includes('sitemaps.org') && !o.includes('w3.org'))).toEqual([
      built,
    ]);

    const before = await getOnce(`${url}/sitemap.xml`);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: realCompany })).status).toBe(200);

    for (const address of addresses) {
      const head = headOf(await text(address));
      expect(originsIn(head), address).toEqual([saved]);
      expect(head, address).toContain(`<link rel="canonical" href="${saved}${address.split('?')[0]}`);
    }
    const job1 = headOf(await text(`/jobs/${job.body.id}?lang=en`));
    expect(job1).toContain(`<link rel="alternate" hreflang="de" href="${saved}/jobs/${job.body.id}" />`);
    // What else the head says (og:url, JSON-LD) is the web app's: entry-server-heads.test.tsx.

    const sitemap = await text('/sitemap.xml');
    expect(sitemap).toContain(`<loc>${saved}/</loc>`);
    expect(sitemap).toContain(`<loc>${saved}/jobs/${job.body.id}</loc>`);
    expect(sitemap).not.toContain(built);
    // A crawler's copy from before is not confirmed.
    const again = await getOnce(`${url}/sitemap.xml`, { 'if-none-match': String(before.headers.etag) });
    expect(again.status).toBe(200);
    expect(await text('/robots.txt')).toContain(`Sitemap: ${saved}/sitemap.xml`);
    const security = await text('/.well-known/security.txt');
    expect(security).toContain(`Canonical: ${saved}/.well-known/security.txt`);
    expect(security).not.toContain(built);

    // Back to the placeholder's website: the shipped address again.
    const back = { ...realCompany, website: defaultCompanyDetails.website };
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: back })).status).toBe(200);
    expect(originsIn(headOf(await text('/')))).toEqual([built]);
    expect(await text('/robots.txt')).toContain(`Sitemap: ${built}/sitemap.xml`);
  });

  it('with SITE_URL: the operator’s address wins over the saved website, and the API says so', async () => {
    const pinned = 'https://www.operator-pinned.example';
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild(), SITE_URL: pinned });
    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: realCompany })).status).toBe(200);
    const home = headOf((await getOnce(`${url}/`)).body.toString('utf8'));
    expect(originsIn(home)).toEqual([pinned]);
    expect((await getOnce(`${url}/sitemap.xml`)).body.toString('utf8')).not.toContain(saved);
    expect((await getOnce(`${url}/robots.txt`)).body.toString('utf8')).toContain(`Sitemap: ${pinned}/sitemap.xml`);
    const address = await api(url, 'GET', '/api/v1/Settings/Address', { token });
    expect(siteAddressSchema.parse(address.body)).toMatchObject({
      publicOrigin: pinned,
      source: 'SITE_URL',
      siteUrl: pinned,
      websiteOrigin: saved,
    });
  });
});

describe.each(databaseKinds)('GET /api/v1/Settings/Address on %s', (kind) => {
  it('is for a signed-in admin only', async () => {
    const { url } = await startTestApp(kind);
    const anonymous = await api(url, 'GET', '/api/v1/Settings/Address');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toContain('application/problem+json');
    expect((await api(url, 'GET', '/api/v1/Settings/Address', { token: 'not-a-token' })).status).toBe(401);
  });

  it('tells the address in effect and its source, and warns when the site is reached under another host', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild() });
    const token = await signIn(url);
    const read = async () => {
      const res = await api(url, 'GET', '/api/v1/Settings/Address', { token });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return siteAddressSchema.parse(res.body);
    };
    // A fresh site: the shipped address, and the dashboard is reached under another one.
    expect(await read()).toEqual({
      publicOrigin: built,
      source: 'default',
      siteUrl: null,
      websiteOrigin: built,
      requestOrigin: url,
      requestOrigins: [url],
      matches: false,
    });

    // The website saved is the address the site is reached under: no warning.
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...realCompany, website: `${url}/` } })).status).toBe(200);
    expect(await read()).toMatchObject({
      publicOrigin: url,
      source: 'website',
      websiteOrigin: url,
      requestOrigins: [url],
      matches: true,
    });

    // A visitor's page reached under another host that reaches this site (a proxy passing its
    // own, an old name): confirmed by a probe to it, then warned.
    const other = url.replace('127.0.0.1', 'localhost');
    const stray = await getOnce(`${url}/jobs`, { host: new URL(other).host });
    expect(stray.status).toBe(200);
    // An API call or an asset under another host is no page: not recorded.
    await getOnce(`${url}/api/v1/Settings`, { host: 'api-only.example' });
    // (Noted after the answer is sent: asked again until it is there.)
    await expect.poll(async () => (await read()).requestOrigins, { timeout: 15_000 }).toEqual([url, other]);
    expect((await read()).matches).toBe(false);
  });

  it('lists no made-up host: 25 page requests under hosts that do not reach the site leave room for a real one (issue 40)', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeBuild() });
    const token = await signIn(url);
    const origins = async () =>
      siteAddressSchema.parse((await api(url, 'GET', '/api/v1/Settings/Address', { token })).body).requestOrigins;
    for (let i = 0; i < 25; i++) expect((await getOnce(`${url}/`, { host: `made-up-${i}.example` })).status).toBe(200);
    // A signed-in staff request came by its host: that host reaches the site.
    expect((await getOnce(`${url}/api/v1/Settings`, { host: 'staff.example', authorization: `Bearer ${token}` })).status).toBe(
      200,
    );
    // A real second host still gets its probe and is listed.
    const other = url.replace('127.0.0.1', 'localhost');
    await getOnce(`${url}/Projects`, { host: new URL(other).host });
    await expect.poll(origins, { timeout: 15_000 }).toEqual(expect.arrayContaining([url, 'http://staff.example', other]));
    expect(await origins()).toHaveLength(3);
  });

  it('proves a probe’s nonce with a key of the site, and refuses a malformed nonce with a clear error', async () => {
    const { url } = await startTestApp(kind);
    const probe = (nonce: string) => api(url, 'GET', `/api/v1/Settings/Address/Probe?Nonce=${nonce}`);
    const first = await probe('a-nonce-of-16-chars');
    expect(first.status).toBe(200);
    expect(first.body.proof).toMatch(/^[\w-]{43}$/);
    expect((await probe('a-nonce-of-16-chars')).body.proof).toBe(first.body.proof);
    expect((await probe('another-nonce-of-16')).body.proof).not.toBe(first.body.proof);
    const bad = await probe('short');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe.skipIf(!testDatabaseUrl)('the public address on two instances sharing one PostgreSQL', () => {
  it('a website saved through one instance is the address the other writes from its next request', async () => {
    const { urls } = await twoInstancesOnOnePostgres({ WEB_DIST: fakeBuild() });
    const [one, two] = urls as [string, string];
    const token = await signIn(one);
    const text = async (base: string, address: string) => (await getOnce(`${base}${address}`)).body.toString('utf8');
    // The other instance has read and kept everything once before the change.
    for (const address of ['/', '/sitemap.xml', '/robots.txt', '/.well-known/security.txt']) {
      expect(await text(two, address), address).toContain(built);
    }
    expect((await api(one, 'PUT', '/api/v1/Settings', { token, body: realCompany })).status).toBe(200);
    expect(originsIn(headOf(await text(two, '/')))).toEqual([saved]);
    expect(originsIn(headOf(await text(two, '/Projects?lang=en')))).toEqual([saved]);
    expect(await text(two, '/sitemap.xml')).toContain(`<loc>${saved}/</loc>`);
    expect(await text(two, '/sitemap.xml')).not.toContain(built);
    expect(await text(two, '/robots.txt')).toContain(`Sitemap: ${saved}/sitemap.xml`);
    expect(await text(two, '/.well-known/security.txt')).toContain(`Canonical: ${saved}/.well-known/security.txt`);
    // A page request to one instance is in the other's answer.
    const seenByOne = one.replace('127.0.0.1', 'localhost');
    await getOnce(`${one}/`, { host: new URL(seenByOne).host });
    // (Noted after the answer is sent, once a probe confirmed the host: asked again until it is there.)
    const address = async () => siteAddressSchema.parse((await api(two, 'GET', '/api/v1/Settings/Address', { token })).body);
    await expect.poll(async () => (await address()).requestOrigins, { timeout: 15_000 }).toContain(seenByOne);
    expect(await address()).toMatchObject({ publicOrigin: saved, source: 'website', matches: false });
  });
});
