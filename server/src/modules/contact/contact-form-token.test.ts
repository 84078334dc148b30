import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import {
  api,
  databaseKinds,
  freshDatabase,
  signIn,
  startTestApp,
  testDatabaseUrl,
  twoInstancesOnOnePostgres,
} from '../../test/helper';
import { generalMessage, postContact } from './contact.test-kit';
import { deleteExpiredFormTokens, isFormTokenSpent, spendFormToken } from './form-tokens.repository';

const env = { MAIL_POLL_MS: '50', CONTACT_MIN_FILL_SECONDS: '3', CONTACT_RATE_LIMIT: '1000' };

async function spamFlags(url: string): Promise<boolean[]> {
  const token = await signIn(url);
  const list = await api(url, 'GET', '/api/v1/Inquiry?PageLength=100', { token });
  const spam = await api(url, 'GET', '/api/v1/Inquiry?Spam=true&PageLength=100', { token });
  return [...list.body.data.map(() => false), ...spam.body.data.map(() => true)];
}

// Issue 27, point 7: one form token passed the fill time for any number of posts for a day.
describe.each(databaseKinds)('a contact form token, on %s', (kind) => {
  it('passes the fill time for one stored inquiry: sent again, or twice at once, the rest is kept as spam', async () => {
    const { app, url } = await startTestApp(kind, env);
    const aMinuteAgo = app.formTokens.issue(Date.now() - 60_000);
    // Refused (a missing field): the token is not spent, the visitor's corrected form passes.
    expect((await postContact(url, { ...generalMessage, email: '', formToken: aMinuteAgo })).status).toBe(400);
    expect((await postContact(url, { ...generalMessage, formToken: aMinuteAgo })).status).toBe(201);
    expect((await postContact(url, { ...generalMessage, formToken: aMinuteAgo })).status).toBe(201);
    const parallel = app.formTokens.issue(Date.now() - 60_000);
    const posts = await Promise.all(
      Array.from({ length: 6 }, () => postContact(url, { ...generalMessage, formToken: parallel })),
    );
    expect(posts.map((p) => p.status)).toEqual(Array(6).fill(201));
    const flags = await spamFlags(url);
    expect(flags.filter((spam) => !spam)).toHaveLength(2);
    expect(flags.filter((spam) => spam)).toHaveLength(6);
  });

  it('is remembered until it would have expired, and housekeeping then forgets it', async () => {
    // The repository alone: an app's own housekeeping round at its start could forget 'lapsed' first.
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    const now = new Date();
    expect(await spendFormToken(db, 'lapsed', new Date(now.getTime() - 1000))).toBe(true);
    expect(await spendFormToken(db, 'current', new Date(now.getTime() + 3_600_000))).toBe(true);
    expect(await spendFormToken(db, 'current', new Date(now.getTime() + 3_600_000))).toBe(false);
    expect(await deleteExpiredFormTokens(db, now)).toBe(1);
    expect(await isFormTokenSpent(db, 'lapsed')).toBe(false);
    expect(await isFormTokenSpent(db, 'current')).toBe(true);
  });
});

describe.runIf(testDatabaseUrl)('a contact form token, on two instances sharing one PostgreSQL', () => {
  it('is spent on one instance for both', async () => {
    const { apps, urls } = await twoInstancesOnOnePostgres(env);
    const token = apps[0]!.formTokens.issue(Date.now() - 60_000);
    for (const url of [urls[0]!, urls[1]!, urls[0]!])
      expect((await postContact(url, { ...generalMessage, formToken: token })).status).toBe(201);
    const flags = await spamFlags(urls[1]!);
    expect(flags.filter((spam) => !spam)).toHaveLength(1);
    expect(flags.filter((spam) => spam)).toHaveLength(2);
  });
});
