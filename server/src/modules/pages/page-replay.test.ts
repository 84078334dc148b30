import zlib from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { languageCookieName } from '@blitz/contract';
import type { AnsweredRequest } from '../../lib/answered';
import { api, databaseKinds, getOnce, signIn, startTestApp } from '../../test/helper';
import { contentVersionChannel } from '../content/content-version.repository';
import { dataUrl, testPhoto } from '../../test/pictures';
import { previewCookie } from '../site-texts/preview-cookie';
import { fakeWebBuildWithRenderer } from './pages.test-kit';

// Kept pages answered before Fastify (decision 039): the same answer as Fastify's, the same work
// after it, and never a page older than the content version.

const projectBody = async (title: string) => ({
  title: [
    { content: title, language: 2 },
    { content: `${title} (en)`, language: 1 },
  ],
  picture: dataUrl(await testPhoto(300, 200)),
});

/**
 * The headers of an answer but those made per request, and the length: a kept page's compressed
 * forms are made again at the best quality once it is in demand (lib/encoded-body.ts).
 */
const answerHeaders = (headers: Record<string, unknown>) => {
  const { 'x-request-id': _id, date: _date, 'content-length': _length, ...rest } = headers;
  return rest;
};

const decoded = (answer: { headers: Record<string, unknown>; body: Buffer }) =>
  answer.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(answer.body)
      : answer.body;

describe.each(databaseKinds)('kept pages replayed before routing, on %s', (kind) => {
  async function start(env: Record<string, string> = {}) {
    const started = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer(), ...env });
    // A read makes the content version known: until then every answer is Fastify's.
    await api(started.url, 'GET', '/api/v1/Category');
    const replays = async () =>
      (await started.app.metrics.cacheLookups.get()).values.find((v) => v.labels.cache === 'replay')?.value ?? 0;
    return { ...started, replays };
  }

  it('answers a request alike with the same headers and bytes, a request id of its own, in the encoding asked for', async () => {
    const { url, replays } = await start();
    for (const encoding of ['br', 'gzip', 'identity']) {
      const headers = { 'accept-encoding': encoding };
      const first = await getOnce(`${url}/Projects?lang=en`, headers);
      const before = await replays();
      const again = await getOnce(`${url}/Projects?lang=en`, headers);
      expect(await replays()).toBe(before + 1);
      expect(again.status).toBe(200);
      expect(answerHeaders(again.headers)).toEqual(answerHeaders(first.headers));
      expect(decoded(again)).toEqual(decoded(first));
      expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      // The language taken from the address is stored, on every answer.
      expect(again.headers['set-cookie']).toEqual(['Language=en; Max-Age=31536000; Path=/; SameSite=Lax']);
      expect(again.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(again.headers['content-length']).toBe(String(again.body.length));
      if (encoding === 'identity') expect(again.body.toString()).toContain('data-url="/Projects?lang=en"');
    }
  });

  it.runIf(kind === 'postgres')(
    'is not disturbed by another site changing its content in another schema of the database',
    async () => {
      const { url, app, replays } = await start();
      const page = () => getOnce(`${url}/Projects`, { 'accept-encoding': 'identity' });
      await page();
      await page();
      expect(await replays()).toBe(1);
      // What another site's bump sends on the database (its own schema in the payload), and ours.
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(app.db);
      const notify = (schema: string) =>
        sql`select pg_notify(${contentVersionChannel}, ${`${schema}:elsewhere`})`.execute(app.db);
      for (let i = 0; i < 3; i++) await notify('another_site');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await page();
      expect(await replays()).toBe(2);
      // One naming this site's schema does make it read the version again: that answer is Fastify's.
      await notify(rows[0]!.schema);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await page();
      expect(await replays()).toBe(2);
    },
  );

  it('never answers with a page older than the content: a change shows on the next request', async () => {
    const { url, replays } = await start();
    const token = await signIn(url);
    const page = async () => (await getOnce(`${url}/Projects`, { 'accept-encoding': 'identity' })).body.toString();
    expect(await page()).not.toContain('Umspannwerk Nord');
    await page();
    const replayed = await replays();
    expect(replayed).toBe(1);

    expect((await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody('Umspannwerk Nord') })).status).toBe(201);
    // The version is read again after the change: this answer is Fastify's (the redirect table
    // reads the version before the page route, which then makes the page while it is known and
    // keeps it), the next one replayed again.
    expect(await page()).toContain('Umspannwerk Nord');
    expect(await replays()).toBe(replayed);
    expect(await page()).toContain('Umspannwerk Nord');
    expect(await replays()).toBe(replayed + 1);
  });

  it('leaves to Fastify what depends on more than the address and cookies', async () => {
    const { url, replays } = await start();
    const first = await getOnce(`${url}/`, { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    const etag = String(first.headers['etag']);
    const unreplayed: Record<string, string>[] = [
      { 'accept-encoding': 'gzip', 'if-none-match': etag },
      { 'accept-encoding': 'gzip', authorization: 'Bearer not-a-token' },
      { 'accept-encoding': 'gzip', cookie: `${previewCookie(false).name}=not-a-token` },
    ];
    for (const headers of unreplayed) {
      await getOnce(`${url}/`, headers);
      await getOnce(`${url}/`, headers);
    }
    expect((await getOnce(`${url}/`, unreplayed[0]!)).status).toBe(304);
    expect(await replays()).toBe(0);
    // HEAD goes to Fastify too, and says what GET sends.
    const head = await fetch(`${url}/`, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.headers.get('etag')).toBe(etag);
    expect(await replays()).toBe(0);
    // Other cookies: an answer of their own (the language chosen).
    const english = await getOnce(`${url}/`, { 'accept-encoding': 'identity', cookie: 'Language=en' });
    expect(english.headers['content-language']).toBe('en');
    const englishAgain = await getOnce(`${url}/`, { 'accept-encoding': 'identity', cookie: 'Language=en' });
    expect(englishAgain.headers['content-language']).toBe('en');
    expect(englishAgain.body).toEqual(english.body);
    expect(await replays()).toBe(1);
  });

  it('runs the work after an answer with what Fastify reads of the request, behind a trusted proxy too', async () => {
    const { app, url, replays } = await start({ TRUST_PROXY: 'true', METRICS_TOKEN: 'replay-metrics-token' });
    const seen: Record<string, unknown>[] = [];
    const readings = (request: AnsweredRequest) => ({
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      ip: request.ip,
      host: request.host,
      hostname: request.hostname,
      protocol: request.protocol,
      query: request.query,
      params: request.params,
      cookies: request.cookies,
      userAgent: request.headers['user-agent'],
    });
    app.answers.listen((request, reply) => {
      if (request.url.startsWith('/Projects'))
        seen.push({ ...readings(request), status: reply.statusCode, language: reply.getHeader('content-language') });
    });
    const headers = {
      'accept-encoding': 'br',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'www.example-blitz.de',
      'x-forwarded-for': '203.0.113.9',
      'user-agent': 'Firefox',
      // Over HTTPS the language is kept in the __Host- cookie.
      cookie: `${languageCookieName(true)}=en; other=1`,
    };
    const first = await getOnce(`${url}/Projects?utm_source=flyer`, headers);
    const again = await getOnce(`${url}/Projects?utm_source=flyer`, { ...headers, 'x-forwarded-for': '198.51.100.7' });
    expect(await replays()).toBe(1);
    expect(answerHeaders(again.headers)).toEqual(answerHeaders(first.headers));
    expect(decoded(again)).toEqual(decoded(first));
    // Served as over HTTPS: the upgrade in the policy and HSTS, in both answers.
    expect(again.headers['strict-transport-security']).toContain('max-age=');
    expect(again.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({ ...seen[0], ip: '198.51.100.7' });
    expect(seen[0]).toMatchObject({
      route: '/Projects',
      ip: '203.0.113.9',
      host: 'www.example-blitz.de',
      hostname: 'www.example-blitz.de',
      protocol: 'https',
      query: { utm_source: 'flyer' },
      cookies: { [languageCookieName(true)]: 'en', other: '1' },
      status: 200,
      language: 'en',
    });
    // The metrics count both answers under their route.
    const metrics = await api(url, 'GET', '/metrics', { token: 'replay-metrics-token' });
    expect(metrics.text).toMatch(
      /blitz_http_request_duration_seconds_count\{[^}]*route="\/Projects"[^}]*status_code="200"[^}]*\} 2/,
    );
  });
});
