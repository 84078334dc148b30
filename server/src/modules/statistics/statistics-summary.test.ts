import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { DatabaseKind } from '../../db/database';
import { api, databaseKinds, signIn, startTestApp, twoInstancesOnOnePostgres } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../auth/users.repository';
import { until } from '../contact/contact.test-kit';
import { statisticsSummaryTask } from './statistics-summary';

const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100' };
/** Monday 2026-03-30, 07:00 in Berlin (summer time): the week of 23 to 29 March is due. */
const mondayMorning = new Date('2026-03-30T05:00:00Z');

/**
 * Two app instances on one database, as behind a load balancer: on PostgreSQL two apps on one
 * schema; SQLite serves one instance per data directory (decision 018), so there the one app's
 * two rounds of the task run at once, which is what the claim must hold against there.
 */
async function twoInstances(
  kind: DatabaseKind,
  env: Record<string, string>,
): Promise<{ apps: FastifyInstance[]; urls: string[] }> {
  if (kind === 'postgres') return twoInstancesOnOnePostgres(env);
  const { app, url } = await startTestApp(kind, env);
  return { apps: [app, app], urls: [url, url] };
}

/** The hourly round's summary task of an instance, at a moment of the test's choosing. */
const summaryTaskOf = (app: FastifyInstance, now: Date) =>
  statisticsSummaryTask({ db: app.db, mailServer: app.mailTransport.mode === 'smtp', kick: () => app.outbox.kick() }, () => now);

const queuedSummaries = async (app: FastifyInstance) =>
  app.db.selectFrom('mail_outbox').select(['id', 'status']).where('kind', '=', 'statisticsSummary').execute();

async function secondAdmin(app: FastifyInstance, url: string): Promise<string> {
  await insertUser(app.db, 'erika', await hashPassword('erikas own long password'));
  const res = await api(url, 'POST', '/api/v1/login/Auth', { body: { username: 'erika', password: 'erikas own long password' } });
  expect(res.status).toBe(200);
  return res.body.jwtToken as string;
}

describe.each(databaseKinds)('the weekly summary mail on %s', (kind) => {
  it('each admin asks for it for themselves, with an address and a language; bad input is a clear 400', async () => {
    const smtp = await SmtpSink.start();
    const { app, url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const token = await signIn(url);
    const erika = await secondAdmin(app, url);
    const summary = (t: string) => api(url, 'GET', '/api/v1/Statistics/Summary', { token: t });
    expect((await summary(token)).body).toEqual({
      enabled: false,
      address: null,
      language: 'de',
      lastSentAt: null,
      mailServer: true,
    });
    expect((await api(url, 'GET', '/api/v1/Statistics/Summary')).status).toBe(401);

    for (const body of [
      { enabled: true, address: 'not an address', language: 'de' },
      { enabled: true, language: 'de' },
      { enabled: true, address: 'chef@example.com', language: 'fr' },
      { enabled: 'yes' },
      { enabled: false, address: 'chef@example.com', extra: 1 },
    ]) {
      const res = await api(url, 'PUT', '/api/v1/Statistics/Summary', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
    const wrong = await api(url, 'PUT', '/api/v1/Statistics/Summary', {
      token,
      body: { enabled: true, address: 'not an address', language: 'de' },
    });
    expect(wrong.body.errors).toEqual([expect.objectContaining({ field: 'address' })]);
    expect((await summary(token)).body.enabled).toBe(false);

    const on = await api(url, 'PUT', '/api/v1/Statistics/Summary', {
      token,
      body: { enabled: true, address: ' chef@example.com ', language: 'en' },
    });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ enabled: true, address: 'chef@example.com', language: 'en', lastSentAt: null, mailServer: true });
    // Another admin's choice is their own.
    expect((await summary(erika)).body.enabled).toBe(false);
    await api(url, 'PUT', '/api/v1/Statistics/Summary', {
      token: erika,
      body: { enabled: true, address: 'erika@example.com', language: 'de' },
    });
    const off = await api(url, 'PUT', '/api/v1/Statistics/Summary', { token: erika, body: { enabled: false } });
    // Switched off, the address stays for the next time.
    expect(off.body).toMatchObject({ enabled: false, address: 'erika@example.com', language: 'de' });
    expect((await summary(token)).body).toMatchObject({ enabled: true, address: 'chef@example.com' });
  });

  it('two instances at Monday 07:00 queue exactly one mail per admin who asked; it is sent once, in their language', async () => {
    const smtp = await SmtpSink.start();
    const { apps, urls } = await twoInstances(kind, { ...fastMail, SMTP_URL: smtp.url, SITE_URL: 'https://www.blitzwerk.de' });
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const token = await signIn(urls[0]!);
    const erika = await secondAdmin(a, urls[0]!);
    await api(urls[1]!, 'PUT', '/api/v1/Statistics/Summary', {
      token,
      body: { enabled: true, address: 'chef@example.com', language: 'en' },
    });
    await api(urls[1]!, 'PUT', '/api/v1/Statistics/Summary', { token: erika, body: { enabled: false } });
    // The week's counts (23 to 29 March), and the week before's.
    await a.db
      .insertInto('statistics_days')
      .values([
        { day: '2026-03-23', visitors: 40, page_views: 90, inquiries: 1, applications: 0 },
        { day: '2026-03-29', visitors: 2, page_views: 3, inquiries: 1, applications: 0 },
        { day: '2026-03-20', visitors: 21, page_views: 30, inquiries: 0, applications: 0 },
        { day: '2026-03-30', visitors: 500, page_views: 900, inquiries: 9, applications: 0 },
      ])
      .execute();

    // Not yet at 06:59 in Berlin.
    expect(await summaryTaskOf(a, new Date('2026-03-30T04:59:00Z')).run()).toEqual({ old: 0 });
    const rounds = await Promise.all([summaryTaskOf(a, mondayMorning).run(), summaryTaskOf(b, mondayMorning).run()]);
    expect(rounds.map((r) => r['queued'] ?? 0).sort()).toEqual([0, 1]);
    expect(await queuedSummaries(a)).toHaveLength(1);
    // Later rounds of the same week queue nothing more, on either instance.
    expect((await summaryTaskOf(b, new Date('2026-04-02T10:00:00Z')).run())['queued']).toBe(0);
    expect(await queuedSummaries(b)).toHaveLength(1);

    await until(() => smtp.received.length === 1 || undefined);
    await until(async () => (await queuedSummaries(a))[0]?.status === 'sent' || undefined);
    const [sent] = smtp.received;
    expect(sent!.to).toEqual(['chef@example.com']);
    expect(sent!.mail.subject).toMatch(/^Website statistics 23\s?–\s?29 Mar 2026: 42 visitors, 2 inquiries$/);
    expect(sent!.mail.text).toContain('Visitors: 42 (week before 21, +100 %)');
    // How many are unanswered when it is sent (decision 048): none on this site.
    expect(sent!.mail.text).toContain('Unanswered inquiries now (new for more than two working days): 0');
    expect(sent!.mail.text).toContain('https://www.blitzwerk.de/dashboard');
    expect(sent!.mail.headers.get('auto-submitted')).toBe('auto-generated');
    const mine = await api(urls[1]!, 'GET', '/api/v1/Statistics/Summary', { token });
    expect(Date.parse(mine.body.lastSentAt)).toBeGreaterThan(0);
    expect((await api(urls[0]!, 'GET', '/api/v1/Statistics/Summary', { token: erika })).body.lastSentAt).toBeNull();
    // Both outboxes kept polling: still one mail.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(1);
  });

  it('none is queued when every admin switched it off, nor without a mail server', async () => {
    const smtp = await SmtpSink.start();
    const withMail = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const token = await signIn(withMail.url);
    await api(withMail.url, 'PUT', '/api/v1/Statistics/Summary', {
      token,
      body: { enabled: true, address: 'chef@example.com', language: 'de' },
    });
    await api(withMail.url, 'PUT', '/api/v1/Statistics/Summary', { token, body: { enabled: false } });
    expect((await summaryTaskOf(withMail.app, mondayMorning).run())['queued']).toBe(0);
    expect(await queuedSummaries(withMail.app)).toHaveLength(0);
    // Nothing claimed: whoever asks later in the week still gets it.
    await api(withMail.url, 'PUT', '/api/v1/Statistics/Summary', {
      token,
      body: { enabled: true, address: 'chef@example.com', language: 'de' },
    });
    expect((await summaryTaskOf(withMail.app, new Date('2026-04-01T08:00:00Z')).run())['queued']).toBe(1);

    const noMail = await startTestApp(kind, fastMail);
    const other = await signIn(noMail.url);
    const on = await api(noMail.url, 'PUT', '/api/v1/Statistics/Summary', {
      token: other,
      body: { enabled: true, address: 'chef@example.com', language: 'de' },
    });
    expect(on.body).toMatchObject({ enabled: true, mailServer: false });
    expect(await summaryTaskOf(noMail.app, mondayMorning).run()).toEqual({ old: 0 });
    expect(await queuedSummaries(noMail.app)).toHaveLength(0);
  });

  it('keeps a summary mail for a year, then deletes it with its outbox row in the hourly round', async () => {
    const smtp = await SmtpSink.start();
    const { app, url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const token = await signIn(url);
    await api(url, 'PUT', '/api/v1/Statistics/Summary', {
      token,
      body: { enabled: true, address: 'chef@example.com', language: 'de' },
    });
    expect((await summaryTaskOf(app, new Date('2025-03-31T08:00:00Z')).run())['queued']).toBe(1);
    expect((await summaryTaskOf(app, mondayMorning).run())['queued']).toBe(1);
    expect(await queuedSummaries(app)).toHaveLength(2);
    // A year and two days after the first was queued: that one goes, the newer stays.
    expect(await summaryTaskOf(app, new Date('2026-04-02T09:00:00Z')).run()).toEqual({ old: 1, queued: 0 });
    const left = await app.db.selectFrom('statistics_summary_mails').select('week').execute();
    expect(left).toEqual([{ week: '2026-03-23' }]);
    expect(await queuedSummaries(app)).toHaveLength(1);
  });
});
