import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generalMessage, postContact, until } from '../contact/contact.test-kit';
import { writeFakePages } from '../../test/fake-web-build';
import { api, databaseKinds, signIn, startTestApp, tempDir, testAdmin } from '../../test/helper';

const token = 'scrape-token-0123456789abcdef';

/**
 * One sample line of the Prometheus text format 0.0.4: name, optional labels, value (a float as
 * Prometheus parses it: NaN and Inf in any case; prom-client writes `Nan` before the first sample).
 */
const sampleLine =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.eE+-]+|nan|[+-]?inf)$/i;

/** Parses the exposition: every line a comment (# HELP, # TYPE) or a sample; the samples by name and labels. */
function parseExposition(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* /.test(line)) continue;
    const match = sampleLine.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    samples.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return samples;
}

async function scrape(url: string): Promise<Map<string, number>> {
  const res = await api(url, 'GET', '/metrics', { token });
  expect(res.status).toBe(200);
  return parseExposition(res.text);
}

describe.each(databaseKinds)('/metrics on %s', (kind) => {
  it('is closed without the token: 401 with WWW-Authenticate: Bearer, for a missing, wrong or malformed one', async () => {
    const { url, log } = await startTestApp(kind, { METRICS_TOKEN: token });
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${token}x` },
      { authorization: `Bearer ${'x'.repeat(token.length)}` },
      { authorization: token },
      { authorization: 'Basic Zm9vOmJhcg==' },
    ];
    for (const headers of attempts) {
      const res = await api(url, 'GET', '/metrics', { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.text).not.toContain('blitz_');
    }
    const refused = log.lines().filter((l) => l['security']?.event === 'token_rejected' && l['security']?.route === '/metrics');
    expect(refused).toHaveLength(5);
    expect(log.text()).not.toContain(token);
  });

  it('answers the Prometheus text format with process metrics, request durations, and counters that move', async () => {
    const webDist = path.join(tempDir(), 'web');
    writeFakePages(webDist, (page, lang) => `<!doctype html><title>${page} ${lang}</title><div id="root"></div>`);
    const { url } = await startTestApp(kind, { METRICS_TOKEN: token, WEB_DIST: webDist, CONTACT_MIN_FILL_SECONDS: '0' });
    const res = await api(url, 'GET', '/metrics', { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const before = parseExposition(res.text);
    for (const name of ['process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(before.has(name), name).toBe(true);
    }
    expect(before.get('blitz_outbox_pending')).toBe(0);
    expect(before.get('blitz_outbox_oldest_due_age_seconds')).toBe(0);

    // A failed and a good sign-in.
    expect(
      (await api(url, 'POST', '/api/v1/login/Auth', { body: { ...testAdmin, password: 'wrong-password-0815' } })).status,
    ).toBe(401);
    await signIn(url);
    // A stored inquiry, and one caught as spam (the honeypot field filled).
    expect((await postContact(url, generalMessage)).status).toBe(201);
    expect((await postContact(url, { ...generalMessage, website: 'http://spam.example' })).status).toBe(201);
    // A refused one: received, not stored.
    expect((await postContact(url, { ...generalMessage, email: 'not-an-address' })).status).toBe(400);
    // A gallery page looked up in the finished-page cache (without a server bundle it is sent
    // as prerendered and not kept, so every lookup misses).
    expect((await api(url, 'GET', '/Projects')).status).toBe(200);

    const after = await until(async () => {
      const samples = await scrape(url);
      // The outbox writes the inquiry's mail to the log (no SMTP_URL): mailed.
      return samples.get('blitz_inquiries_mailed_total') === 1 ? samples : undefined;
    });
    // The public reads: a miss, then a hit — counted from here, once the mail is sent: the company
    // details are read through the same cache for the public address (the mail's Message-ID).
    const lookups = (samples: Map<string, number>, result: 'miss' | 'hit') =>
      samples.get(`blitz_cache_lookups_total{cache="content",result="${result}"}`) ?? 0;
    const beforeReads = await scrape(url);
    await api(url, 'GET', '/api/v1/Project');
    await api(url, 'GET', '/api/v1/Project');
    const reads = await scrape(url);
    expect(lookups(reads, 'miss') - lookups(beforeReads, 'miss')).toBe(1);
    expect(lookups(reads, 'hit') - lookups(beforeReads, 'hit')).toBe(1);
    expect(after.get('blitz_sign_ins_total{outcome="invalid_credentials"}')).toBe(1);
    expect(after.get('blitz_sign_ins_total{outcome="success"}')).toBe(1);
    expect(after.get('blitz_inquiries_received_total')).toBe(3);
    expect(after.get('blitz_inquiries_stored_total')).toBe(2);
    expect(after.get('blitz_inquiries_spam_total')).toBe(1);
    expect(after.get('blitz_inquiries_mail_failed_total')).toBe(0);
    expect(after.get('blitz_mail_attempts_total{kind="inquiry",outcome="logged"}')).toBe(1);
    expect(after.get('blitz_cache_lookups_total{cache="page",result="miss"}')).toBe(1);
    expect(
      after.get('blitz_http_request_duration_seconds_count{method="POST",route="/api/v1/login/Auth",status_code="401"}'),
    ).toBe(1);
    expect(reads.get('blitz_http_request_duration_seconds_count{method="GET",route="/api/v1/Project",status_code="200"}')).toBe(
      2,
    );
  });

  it('counts the outbox backlog from the database on each scrape', async () => {
    const { url, app } = await startTestApp(kind, { METRICS_TOKEN: token });
    const due = new Date(Date.now() - 90_000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    await app.db
      .insertInto('mail_outbox')
      .values([
        // Claimed by an instance that went away: due, and not taken by this one.
        {
          kind: 'inquiry',
          status: 'pending',
          attempts: 0,
          next_attempt_at: due,
          created_at: due,
          lease_until: later,
          lease_owner: 'gone',
        },
        // Waiting for its next try.
        { kind: 'inquiry', status: 'pending', attempts: 1, next_attempt_at: later, created_at: due },
        { kind: 'inquiry', status: 'sent', attempts: 1, next_attempt_at: due, created_at: due },
      ])
      .execute();
    const samples = await scrape(url);
    expect(samples.get('blitz_outbox_pending')).toBe(2);
    expect(samples.get('blitz_outbox_oldest_due_age_seconds')).toBeGreaterThanOrEqual(89);
    expect(samples.get('blitz_outbox_oldest_due_age_seconds')).toBeLessThan(120);
  });
});
