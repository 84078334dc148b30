import { berlinDate } from '@blitz/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { writeFakePages } from '../../test/fake-web-build';
import { migrateToLatest } from '../../db/migrate';
import {
  api,
  databaseKinds,
  freshDatabase,
  signIn,
  startTestApp,
  tempDir,
  testDatabaseUrl,
  twoInstancesOnOnePostgres,
} from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';
import { formData, generalMessage, priceInquiry } from '../contact/contact.test-kit';
import { jobBody } from '../jobs/jobs.test-kit';
import { statisticsHousekeeping } from './statistics-housekeeping';
import { createStatisticsRecorder, writeBatchAt } from './statistics-recorder';
import { deleteSpentVisitData, recordBatch, visitorBounds } from './statistics.repository';
import { statisticsOf } from './statistics.service';

const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function fakeWebBuild(): string {
  const dist = tempDir();
  writeFakePages(dist, (key, lang) => `<!doctype html><html lang="${lang}"><title>${key}</title></html>`);
  return dist;
}

const today = () => berlinDate();

const projectBody = async () => ({
  title: [
    { content: 'Umspannwerk Nord', language: 2 },
    { content: 'Substation north', language: 1 },
  ],
  content: [{ content: 'Fangstangen.', language: 2 }],
  scopeOfWorks: [{ content: 'Montage', language: 2 }],
  location: 'Hanau',
  workDuration: '3 Monate',
  client: 'Stadtwerke',
  categoryID: '0',
  picture: dataUrl(await testPhoto(400, 300), 'image/png'),
});
const statsOf = async (url: string, token: string, from = today(), to = from) =>
  (await api(url, 'GET', `/api/v1/Statistics?From=${from}&To=${to}`, { token })).body;

const visit = (url: string, path: string, headers: Record<string, string>) =>
  fetch(url + path, { headers, redirect: 'manual' }).then(async (res) => ({
    status: res.status,
    headers: res.headers,
    text: await res.text(),
  }));

/** A stored inquiry sent from a page (its Referer) by a browser. */
async function sendInquiry(url: string, fields: Record<string, string>, headers: Record<string, string>) {
  const res = await fetch(`${url}/api/v1/Contact`, { method: 'POST', body: formData(fields), headers });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number };
}

describe.each(databaseKinds)('visitor statistics on %s', (kind) => {
  it('counts a visit with its referrer and campaign once per day and visitor, per page, source and device', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const google = { 'user-agent': firefox, referer: 'https://www.google.com/search?q=blitzschutz' };
    expect((await visit(url, '/', google)).status).toBe(200);
    await visit(url, '/Projects', { 'user-agent': firefox, referer: `${url}/` });
    await visit(url, '/projects', { 'user-agent': firefox, referer: `${url}/Projects` });
    await visit(url, '/?lang=en&utm_source=ignored-when-not-first', { 'user-agent': firefox });
    await visit(url, '/contactus?utm_source=Flyer&utm_campaign=Messe%202026', { 'user-agent': iphone });
    await app.statistics!.flush();

    // The same visitor again, written by a later batch: a page view, no new visitor.
    await visit(url, '/Projects', { 'user-agent': firefox });
    await app.statistics!.flush();

    const stats = await statsOf(url, token);
    expect(stats).toMatchObject({ from: today(), to: today(), visitors: 2, pageViews: 6, inquiries: 0, applications: 0 });
    expect(stats.days).toEqual([{ date: today(), visitors: 2, pageViews: 6, inquiries: 0, applications: 0 }]);
    expect(stats.pages).toEqual([
      { path: '/Projects', language: 'de', views: 3, visitors: 1, inquiries: 0, title: [] },
      { path: '/', language: 'de', views: 1, visitors: 1, inquiries: 0, title: [] },
      { path: '/', language: 'en', views: 1, visitors: 1, inquiries: 0, title: [] },
      { path: '/contactus', language: 'de', views: 1, visitors: 1, inquiries: 0, title: [] },
    ]);
    expect(stats.sources).toEqual([
      { source: 'flyer', campaign: 'messe 2026', visitors: 1, inquiries: 0, applications: 0 },
      { source: 'google.com', campaign: '', visitors: 1, inquiries: 0, applications: 0 },
    ]);
    expect(stats.devices).toEqual([
      { device: 'desktop', visitors: 1 },
      { device: 'phone', visitors: 1 },
    ]);
    // The aggregates hold no address, user agent or hash: the visits do, and only for their day.
    const rows = JSON.stringify(await app.db.selectFrom('statistics_pages').selectAll().execute());
    expect(rows).not.toMatch(/127\.0\.0\.1|Firefox|iPhone/);
    const visits = await app.db.selectFrom('statistics_visits').selectAll().execute();
    expect(JSON.stringify(visits)).not.toMatch(/127\.0\.0\.1|Firefox|iPhone/);
    expect(visits).toHaveLength(2);
  });

  it('counts no bot, prefetch, Do-Not-Track, Global Privacy Control, objection, preview, dashboard, API or asset', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const browser = { 'user-agent': firefox };
    for (const [path, headers] of [
      ['/', { 'user-agent': googlebot }],
      ['/', {}],
      ['/', { ...browser, 'sec-purpose': 'prefetch' }],
      ['/', { ...browser, 'sec-purpose': 'prefetch;prerender' }],
      ['/', { ...browser, purpose: 'prefetch' }],
      ['/', { ...browser, dnt: '1' }],
      ['/', { ...browser, 'sec-gpc': '1' }],
      ['/', { ...browser, cookie: 'statistics-opt-out=1' }],
      ['/', { ...browser, cookie: 'content-preview=anything' }],
      ['/?inquiry=sent', browser],
      ['/dashboard', browser],
      ['/login', browser],
      ['/api/v1/Job', browser],
      ['/robots.txt', browser],
      ['/assets/none.js', browser],
      ['/no-such-page', browser],
    ] as const) {
      expect((await visit(url, path, headers)).status).toBeLessThan(500);
    }
    await app.statistics!.flush();
    expect(await statsOf(url, token)).toMatchObject({ visitors: 0, pageViews: 0, pages: [], sources: [], devices: [] });
  });

  it('sets no cookie and adds no script for counting', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const page = await visit(url, '/Projects?utm_source=flyer', { 'user-agent': firefox, referer: 'https://example.org/' });
    expect(page.status).toBe(200);
    expect(page.headers.get('set-cookie')).toBeNull();
    expect(page.text).toBe('<!doctype html><html lang="de"><title>projects</title></html>');
    await app.statistics!.flush();
    expect(await app.db.selectFrom('statistics_days').select('page_views').execute()).toEqual([{ page_views: 1 }]);
  });

  it('traces an inquiry to its visit’s source and landing page and to the page its form was sent from', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const browser = { 'user-agent': firefox };
    await visit(url, '/', { ...browser, referer: 'https://www.google.de/' });
    await visit(url, '/project/12', browser);
    await visit(url, '/Projects', browser);
    const { id } = await sendInquiry(url, priceInquiry, { ...browser, referer: `${url}/Projects` });
    // Sent by a visitor who was not counted (Do-Not-Track): stored and counted as an inquiry, never traced.
    const other = await sendInquiry(
      url,
      { ...generalMessage, subject: 'application' },
      { ...browser, dnt: '1', referer: `${url}/jobs` },
    );
    await app.statistics!.flush();

    const origin = await app.db.selectFrom('inquiry_origins').selectAll().execute();
    expect(origin).toEqual([{ inquiry_id: id, source: 'google.de', campaign: '', landing_path: '/', form_path: '/Projects' }]);
    expect(other.id).not.toBe(id);
    const stats = await statsOf(url, token);
    expect(stats).toMatchObject({ visitors: 1, inquiries: 1, applications: 1 });
    // Per type, applications among them (issue 44).
    expect(stats.types).toEqual([
      { type: 'application', inquiries: 1 },
      { type: 'priceInquiry', inquiries: 1 },
    ]);
    expect(stats.sources).toEqual([{ source: 'google.de', campaign: '', visitors: 1, inquiries: 1, applications: 0 }]);
    expect(stats.pages).toContainEqual({ path: '/Projects', language: 'de', views: 1, visitors: 1, inquiries: 1, title: [] });
    // The inbox shows it with the inquiry; the untraced one has none.
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${id}`, { token });
    expect(detail.body.origin).toEqual({ source: 'google.de', campaign: '', landingPath: '/', formPath: '/Projects' });
    expect((await api(url, 'GET', `/api/v1/Inquiry/${other.id}`, { token })).body.origin).toBeNull();
  });

  it('forgets past days’ salts and visits, keeping the aggregates', async () => {
    // On the repository alone: the app's own first housekeeping round would race this one.
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    await db
      .insertInto('statistics_salts')
      .values([
        { day: '2025-03-09', salt: 'old' },
        { day: '2025-03-10', salt: 'yesterday' },
        { day: '2025-03-11', salt: 'today' },
      ])
      .execute();
    const visit = { source: 'direct', campaign: '', landing_path: '/' };
    await db
      .insertInto('statistics_visits')
      .values([
        { day: '2025-03-09', visitor: 'a', ...visit },
        { day: '2025-03-10', visitor: 'b', ...visit },
        { day: '2025-03-11', visitor: 'c', ...visit },
      ])
      .execute();
    await db
      .insertInto('statistics_visit_pages')
      .values([
        { day: '2025-03-10', visitor: 'b', path: '/', language: 'de' },
        { day: '2025-03-11', visitor: 'c', path: '/', language: 'de' },
      ])
      .execute();
    await db.insertInto('statistics_days').values({ day: '2025-03-09', visitors: 1 }).execute();
    const task = statisticsHousekeeping(db, () => new Date('2025-03-11T10:00:00Z'));
    expect(await task.run()).toEqual({ salts: 2, visits: 2 });
    expect(await db.selectFrom('statistics_salts').select('day').execute()).toEqual([{ day: '2025-03-11' }]);
    expect(await db.selectFrom('statistics_visits').select('day').execute()).toEqual([{ day: '2025-03-11' }]);
    expect(await db.selectFrom('statistics_visit_pages').select('day').execute()).toEqual([{ day: '2025-03-11' }]);
    expect(await db.selectFrom('statistics_days').select(['day', 'visitors']).execute()).toEqual([
      { day: '2025-03-09', visitors: 1 },
    ]);
  });

  it('never makes a salt for a past day: a view held past its day’s salt counts without a visitor', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const recorder = createStatisticsRecorder(db, silent, 60_000);
    const yesterday = new Date(Date.now() - 86_400_000);
    const sender = {
      address: '192.0.2.1',
      userAgent: firefox,
      language: 'de',
      source: 'direct',
      campaign: '',
      device: 'desktop',
    };
    recorder.view({ ...sender, path: '/' }, yesterday);
    recorder.view({ ...sender, path: '/Projects' }, yesterday);
    recorder.view({ ...sender, path: '/' });
    await recorder.flush();
    expect(await db.selectFrom('statistics_salts').select('day').execute()).toEqual([{ day: today() }]);
    const days = await db.selectFrom('statistics_days').select(['day', 'visitors', 'page_views']).orderBy('day').execute();
    expect(days).toEqual([
      { day: berlinDate(yesterday), visitors: 0, page_views: 2 },
      { day: today(), visitors: 1, page_views: 1 },
    ]);
    expect(await db.selectFrom('statistics_visits').select('day').execute()).toEqual([{ day: today() }]);
  });

  it('writes a full batch at once, so that a busy site loses no view between two ticks of the timer', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;
    // The timer never ticks during the test: only a full batch is written before the flush.
    const recorder = createStatisticsRecorder(db, silent, 60_000);
    const view = (i: number) =>
      recorder.view({
        address: `192.0.2.${i % 250}`,
        userAgent: firefox,
        path: '/',
        language: 'de',
        source: 'direct',
        campaign: '',
        device: 'desktop',
      });
    const pageViews = async () =>
      Number((await db.selectFrom('statistics_days').select('page_views').executeTakeFirst())?.page_views ?? 0);
    // Six batches, together more than the 50,000 that may wait at once.
    for (let batch = 1; batch <= 6; batch++) {
      for (let i = 0; i < writeBatchAt; i++) view(i);
      const deadline = Date.now() + 20_000;
      while ((await pageViews()) < batch * writeBatchAt && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await pageViews()).toBe(batch * writeBatchAt);
    }
    for (let i = 0; i < 7; i++) view(i);
    await recorder.flush();
    expect(await pageViews()).toBe(6 * writeBatchAt + 7);
  });

  it('counts at most 50 visitors per network address a day, and says how many views it left out (issue 40)', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;
    const recorder = createStatisticsRecorder(db, silent, 60_000);
    const view = (address: string, userAgent: string) =>
      recorder.view({ address, userAgent, path: '/', language: 'de', source: 'direct', campaign: '', device: 'desktop' });
    // One address changing its user agent 6,000 times, in two batches; IPv6 counts by its /64.
    for (let i = 0; i < 3000; i++) view('198.51.100.7', `${firefox} ${i}`);
    await recorder.flush();
    for (let i = 3000; i < 6000; i++) view('198.51.100.7', `${firefox} ${i}`);
    for (let i = 0; i < 60; i++) view(`2001:db8:1:2::${i.toString(16)}`, firefox);
    // A visitor counted before the bound was reached keeps counting its views; another address counts as before.
    view('198.51.100.7', `${firefox} 0`);
    view('203.0.113.9', iphone);
    await recorder.flush();
    const stats = await statisticsOf(db, { From: today(), To: today() });
    expect(stats).toMatchObject({ visitors: 101, pageViews: 102, leftOutViews: 5960, visitorsPerAddress: 50 });
    expect(await db.selectFrom('statistics_visits').select('visitor').execute()).toHaveLength(101);
    // Counted per salted hash of the address: no address is stored.
    const addresses = await db.selectFrom('statistics_address_visitors').select(['address', 'visitors']).execute();
    expect(addresses.map((a) => a.visitors).sort((a, b) => a - b)).toEqual([1, 50, 50]);
    expect(JSON.stringify(addresses)).not.toMatch(/198\.51|2001|203\.0/);
  });

  it('counts no new visitor beyond the day’s bound, and forgets the counts per address after the day', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    const day = '2026-10-01';
    await db.insertInto('statistics_days').values({ day, visitors: visitorBounds.perDay }).execute();
    const view = (visitor: string) =>
      ({
        day,
        visitor,
        address: `addr-${visitor}`,
        path: '/',
        language: 'de',
        source: 'direct',
        campaign: '',
        device: 'desktop',
      }) as const;
    await recordBatch(db, [view('a'), view('a'), view('b')], []);
    const row = await db.selectFrom('statistics_days').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ visitors: visitorBounds.perDay, page_views: 0, left_out_views: 3 });
    expect(await db.selectFrom('statistics_visits').selectAll().execute()).toEqual([]);
    await db.insertInto('statistics_address_visitors').values({ day, address: 'x', visitors: 3 }).execute();
    await deleteSpentVisitData(db, '2026-10-02');
    expect(await db.selectFrom('statistics_address_visitors').selectAll().execute()).toEqual([]);
  });

  it('folds a day’s sources beyond the 200th into “other”', async () => {
    const { app, url } = await startTestApp(kind);
    const token = await signIn(url);
    const view = (visitor: string, source: string) =>
      ({ day: '2026-10-01', visitor, path: '/', language: 'de', source, campaign: '', device: 'desktop' }) as const;
    await recordBatch(
      app.db,
      Array.from({ length: 150 }, (_, i) => view(`a${i}`, `site-${i}`)),
      [],
    );
    await recordBatch(app.db, [...Array.from({ length: 100 }, (_, i) => view(`b${i}`, `spam-${i}`)), view('c', 'site-7')], []);
    const stats = await statsOf(url, token, '2026-10-01', '2026-10-01');
    expect(stats.visitors).toBe(251);
    const rows = await app.db.selectFrom('statistics_sources').select(['source', 'visitors']).execute();
    expect(rows).toHaveLength(201);
    expect(rows).toContainEqual({ source: 'other', visitors: 50 });
    expect(rows).toContainEqual({ source: 'site-7', visitors: 2 });
  });

  it('answers a seeded month as counted by hand, against the month before', async () => {
    const { app, url } = await startTestApp(kind);
    const token = await signIn(url);
    const view = (day: string, visitor: string, path: string, source = 'direct') =>
      ({ day, visitor, path, language: 'de', source, campaign: '', device: 'desktop' }) as const;
    // October: 3 visitors on the 1st (one twice on a page), 1 on the 31st; September 30th: 1 (the period before).
    await recordBatch(
      app.db,
      [
        view('2026-10-01', 'a', '/', 'google.com'),
        view('2026-10-01', 'a', '/Projects', 'google.com'),
        view('2026-10-01', 'a', '/Projects', 'google.com'),
        view('2026-10-01', 'b', '/Projects', 'flyer'),
        view('2026-10-01', 'c', '/'),
        view('2026-10-31', 'a', '/jobs'),
        view('2026-09-30', 'z', '/'),
      ],
      [],
    );
    const stats = await statsOf(url, token, '2026-10-01', '2026-10-31');
    expect(stats).toMatchObject({ visitors: 4, pageViews: 6 });
    expect(stats.previous).toEqual({
      from: '2026-08-31',
      to: '2026-09-30',
      visitors: 1,
      pageViews: 1,
      inquiries: 0,
      applications: 0,
    });
    expect(stats.days).toHaveLength(31);
    expect(stats.days[0]).toEqual({ date: '2026-10-01', visitors: 3, pageViews: 5, inquiries: 0, applications: 0 });
    expect(stats.days[15]).toEqual({ date: '2026-10-16', visitors: 0, pageViews: 0, inquiries: 0, applications: 0 });
    expect(stats.pages).toEqual([
      { path: '/Projects', language: 'de', views: 3, visitors: 2, inquiries: 0, title: [] },
      { path: '/', language: 'de', views: 2, visitors: 2, inquiries: 0, title: [] },
      { path: '/jobs', language: 'de', views: 1, visitors: 1, inquiries: 0, title: [] },
    ]);
    expect(stats.sources.map((s: { source: string; visitors: number }) => [s.source, s.visitors])).toEqual([
      ['direct', 2],
      ['flyer', 1],
      ['google.com', 1],
    ]);

    const csv = await api(url, 'GET', '/api/v1/Statistics/Export?from=2026-10-01&to=2026-10-31', { token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.text).toContain('"2026-10-01";"2026-10-31";"4";"6";"0";"0"');
    expect(csv.text).toContain('"/Projects";"de";"3";"2";"0"');
  });

  it('refuses a caller without sign-in, and a malformed or reversed period, with a clear error', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    expect((await api(url, 'GET', '/api/v1/Statistics?From=2026-10-01&To=2026-10-31')).status).toBe(401);
    expect((await api(url, 'GET', '/api/v1/Statistics/Export?From=2026-10-01&To=2026-10-31')).status).toBe(401);
    for (const query of [
      '',
      '?From=2026-10-01',
      '?From=2026-02-30&To=2026-03-01',
      '?From=2026-10-02&To=2026-10-01',
      '?From=2020-01-01&To=2026-01-01',
      '?From=x&To=y',
      '?From=0000-01-01&To=0000-01-01',
      '?From=1999-12-31&To=2000-01-31',
    ]) {
      const res = await api(url, 'GET', `/api/v1/Statistics${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.type ?? res.body.title, query).toBeDefined();
    }
    const tooEarly = await api(url, 'GET', '/api/v1/Statistics?From=0000-01-01&To=0000-01-01', { token });
    expect(JSON.stringify(tooEarly.body)).toContain('must not be before 2000-01-01');
    expect((await api(url, 'GET', '/api/v1/Statistics?From=2000-01-01&To=2000-01-01', { token })).status).toBe(200);
  });

  it('loses at most the batch when the database fails to take it, never a page', async () => {
    const { app, url, log } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    await sql`drop table statistics_days`.execute(app.db);
    expect((await visit(url, '/', { 'user-agent': firefox })).status).toBe(200);
    await app.statistics!.flush();
    expect(log.lines().some((line) => line['msg'] === 'visitor statistics not written; this batch is lost')).toBe(true);
    expect(await app.db.selectFrom('statistics_visits').selectAll().execute()).toEqual([]);
    expect((await visit(url, '/Projects', { 'user-agent': firefox })).status).toBe(200);
  });

  it('keeps a visitor’s objection in a cookie that holds only it, and takes it back', async () => {
    const { url } = await startTestApp(kind);
    const set = await api(url, 'GET', '/api/v1/Statistics/Objection');
    expect(set.status).toBe(303);
    expect(set.headers.get('location')).toBe('/impressum#analytics-opt-out');
    expect(set.headers.get('set-cookie')).toMatch(/^statistics-opt-out=1; Max-Age=63072000; Path=\/; SameSite=Lax$/);
    const withdraw = (headers: Record<string, string>) =>
      api(url, 'GET', '/api/v1/Statistics/Objection?withdraw=true', { headers });
    const cleared = /^statistics-opt-out=; Max-Age=0; Path=\/; Expires=.*; SameSite=Lax$/;
    const withdrawn = await withdraw({ 'sec-fetch-site': 'same-origin' });
    expect(withdrawn.status).toBe(303);
    expect(withdrawn.headers.get('set-cookie')).toMatch(cleared);
    // An older browser without Sec-Fetch-Site: its Referer or Origin names the page.
    expect((await withdraw({ referer: `${url}/impressum` })).headers.get('set-cookie')).toMatch(cleared);
    expect((await withdraw({ origin: url })).headers.get('set-cookie')).toMatch(cleared);
    // Another site's link (or redirect) never takes the objection back.
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', referer: `${url}/impressum` },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { referer: 'https://evil.example/' },
      {},
    ] as Record<string, string>[]) {
      const refused = await withdraw(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(303);
      expect(refused.headers.get('set-cookie'), JSON.stringify(headers)).toBeNull();
    }
    // Setting it from another site only lowers the count: allowed.
    const crossSet = await api(url, 'GET', '/api/v1/Statistics/Objection', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSet.headers.get('set-cookie')).toMatch(/^statistics-opt-out=1;/);
    expect((await api(url, 'GET', '/api/v1/Statistics/Objection?Withdraw=maybe')).status).toBe(400);
  });

  it('names the most viewed projects and jobs by their titles now, both languages together; a deleted one by its path', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild() });
    const token = await signIn(url);
    const project = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    const gone = await api(url, 'POST', '/api/v1/Project', { token, body: await projectBody() });
    expect((await api(url, 'DELETE', `/api/v1/Project/${gone.body.id}`, { token })).status).toBe(204);
    const job = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody({ published: false }) });
    const day = today();
    const row = (path: string, language: string, views: number) => ({ day, path, language, views, visitors: 1, inquiries: 0 });
    await app.db
      .insertInto('statistics_pages')
      .values([
        row(`/project/${project.body.id}`, 'de', 3),
        row(`/project/${project.body.id}`, 'en', 2),
        row(`/project/${gone.body.id}`, 'de', 4),
        row('/Projects', 'de', 50),
        row(`/jobs/${job.body.id}`, 'en', 1),
      ])
      .execute();
    const { viewed, pages } = await statsOf(url, token);
    // The pages list names a project's or job's page by its title as well; another page, or one that is gone, by nothing.
    const titleOf = (path: string, language: string) =>
      pages.find((p: { path: string; language: string }) => p.path === path && p.language === language)?.title;
    expect(titleOf(`/project/${project.body.id}`, 'de')).toEqual(project.body.title);
    expect(titleOf(`/project/${project.body.id}`, 'en')).toEqual(project.body.title);
    expect(titleOf(`/project/${gone.body.id}`, 'de')).toEqual([]);
    expect(titleOf('/Projects', 'de')).toEqual([]);
    expect(titleOf(`/jobs/${job.body.id}`, 'en')).toEqual(expect.arrayContaining(jobBody().title));
    expect(viewed.projects).toEqual([
      { path: `/project/${project.body.id}`, views: 5, title: project.body.title },
      { path: `/project/${gone.body.id}`, views: 4, title: [] },
    ]);
    // A job staff have not published yet is still named.
    expect(viewed.jobs).toEqual([{ path: `/jobs/${job.body.id}`, views: 1, title: expect.arrayContaining(jobBody().title) }]);
    expect(viewed.jobs[0].title).toHaveLength(2);
    // The export says the same, titles in both languages; a deleted project by its path alone.
    const csv = await (
      await fetch(`${url}/api/v1/Statistics/Export?From=${day}&To=${day}`, { headers: { authorization: `Bearer ${token}` } })
    ).text();
    expect(csv).toContain('"viewed";"path";"titleDe";"titleEn";"views"');
    expect(csv).toContain(`"projects";"/project/${gone.body.id}";"";"";"4"`);
    expect(csv).toContain(
      `"jobs";"/jobs/${job.body.id}";"Blitzschutzmonteur (m/w/d)";"Lightning protection installer (m/f/d)";"1"`,
    );
    // The days before count nothing of today's.
    expect((await statsOf(url, token, '2026-01-01', '2026-01-07')).viewed).toEqual({ projects: [], jobs: [] });
  });

  it('counts nothing with STATISTICS=off', async () => {
    const { app, url } = await startTestApp(kind, { WEB_DIST: fakeWebBuild(), STATISTICS: 'off' });
    const token = await signIn(url);
    expect((await visit(url, '/', { 'user-agent': firefox })).status).toBe(200);
    expect(app.statistics).toBeUndefined();
    expect(await statsOf(url, token)).toMatchObject({ visitors: 0, pageViews: 0 });
  });
});

describe.runIf(testDatabaseUrl)('visitor statistics across two instances on PostgreSQL', () => {
  it('writes two batches of the same keys in opposite order at once without a deadlock', async () => {
    const { db } = await freshDatabase('postgres');
    await migrateToLatest(db);
    const views = Array.from({ length: 1000 }, (_, i) => ({
      day: '2026-10-01',
      visitor: `v${i}`,
      path: `/project/${i}`,
      language: 'de',
      source: `s${i}`,
      campaign: '',
      device: 'desktop',
    }));
    for (let round = 0; round < 3; round++)
      await Promise.all([recordBatch(db, views, []), recordBatch(db, [...views].reverse(), [])]);
    const day = await db.selectFrom('statistics_days').select(['visitors', 'page_views']).executeTakeFirstOrThrow();
    expect(day).toEqual({ visitors: 1000, page_views: 6000 });
  });

  it('counts a visitor once per day whichever instance answers', async () => {
    const { apps, urls } = await twoInstancesOnOnePostgres({ WEB_DIST: fakeWebBuild() });
    const browser = { 'user-agent': firefox, referer: 'https://verband.example/mitglieder' };
    await visit(urls[0]!, '/', browser);
    await visit(urls[1]!, '/Projects', browser);
    await visit(urls[1]!, '/', { 'user-agent': iphone });
    await Promise.all(apps.map((app) => app.statistics!.flush()));
    const token = await signIn(urls[0]!);
    const stats = await statsOf(urls[1]!, token);
    expect(stats).toMatchObject({ visitors: 2, pageViews: 3 });
    expect(stats.sources).toEqual([
      { source: 'direct', campaign: '', visitors: 1, inquiries: 0, applications: 0 },
      { source: 'verband.example', campaign: '', visitors: 1, inquiries: 0, applications: 0 },
    ]);
  });
});
