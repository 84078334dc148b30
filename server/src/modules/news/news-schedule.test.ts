import { describe, expect, it } from 'vitest';
import { type NewsPostSummaryList, apiRoutes, apiUrl, newsFeedPath } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp, testDatabaseUrl, twoInstancesOnOnePostgres } from '../../test/helper';
import { apprentices, newsByAddress, newsList, newsOne, newsPublished } from './news.test-kit';

// A post scheduled for Monday 7:00 appears then, on every instance, and what they kept follows
// (decision 063). The apps' clock is set to five seconds before Monday, 4 January 2027, 7:00 in
// Berlin and runs on; the content version moves a short margin after the time.

const monday7 = '2027-01-04T07:00:00+01:00';
const marginMs = 300;

/** A clock that runs, set to a time once the apps are up (starting one and signing in take their time). */
function testClock() {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  return Object.assign(now, { setTo: (time: string) => void (offset = Date.parse(time) - Date.now()) });
}

const listed = async (url: string) => ((await api(url, 'GET', newsPublished())).body as NewsPostSummaryList).count;

/** Asks until `check` holds (every 100 ms, 20 s at most); answers the clock's time when it did. */
async function until(clock: () => Date, check: () => Promise<boolean>): Promise<Date> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return clock();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not in 20 s');
}

describe('scheduled news posts', () => {
  it.each(databaseKinds)(
    'on %s: a post is invisible before its time, then its page, the list and the feed show it',
    async (kind) => {
      const clock = testClock();
      const { url } = await startTestApp(kind, {}, { clock, scheduleMarginMs: marginMs });
      const token = await signIn(url);
      clock.setTo('2027-01-04T06:59:55+01:00');
      const saved = await api(url, 'POST', newsList, {
        token,
        body: { ...apprentices({ publishAt: monday7 }), published: true },
      });
      expect(saved.status, saved.text).toBe(201);
      expect(saved.body).toMatchObject({ published: true, publishAt: '2027-01-04T06:00:00.000Z' });
      // Before 7:00: nowhere for visitors (and the list and the feed kept as they are).
      expect((await api(url, 'GET', newsByAddress('ausbildungsstart-2026'))).status).toBe(404);
      expect(await listed(url)).toBe(0);
      expect((await api(url, 'GET', newsFeedPath('de'))).text).not.toContain('<entry>');

      const seen = await until(clock, async () => (await listed(url)) === 1);
      expect(seen.getTime()).toBeGreaterThanOrEqual(Date.parse(monday7));
      expect(seen.getTime()).toBeLessThan(Date.parse(monday7) + 5000);
      expect((await api(url, 'GET', newsByAddress('ausbildungsstart-2026'))).status).toBe(200);
      expect((await api(url, 'GET', newsFeedPath('de'))).text).toContain('<entry>');
    },
    30_000,
  );

  it.each(databaseKinds)(
    'on %s: a scheduled post deleted and restored from the trash still appears at its time, not a minute late',
    async (kind) => {
      const clock = testClock();
      const { url } = await startTestApp(kind, {}, { clock, scheduleMarginMs: marginMs });
      const token = await signIn(url);
      clock.setTo('2027-01-04T06:59:50+01:00');
      const saved = await api(url, 'POST', newsList, {
        token,
        body: { ...apprentices({ publishAt: monday7 }), published: true },
      });
      expect(saved.status, saved.text).toBe(201);
      const id = (saved.body as { id: number }).id;
      // Deleted, nothing is scheduled any more; restored, this instance looks for its time again.
      expect((await api(url, 'DELETE', newsOne(id), { token })).status).toBe(204);
      const restored = await api(url, 'POST', apiUrl(apiRoutes.trash.restore), { token, body: { kind: 'news', id } });
      expect(restored.status, restored.text).toBe(200);
      expect(await listed(url)).toBe(0);

      const seen = await until(clock, async () => (await listed(url)) === 1);
      expect(seen.getTime()).toBeGreaterThanOrEqual(Date.parse(monday7));
      expect(seen.getTime()).toBeLessThan(Date.parse(monday7) + 5000);
    },
    30_000,
  );

  it.skipIf(!testDatabaseUrl)(
    'on two instances on one PostgreSQL: saved on one, it appears on the other at its time',
    async () => {
      const clock = testClock();
      const {
        urls: [writer, reader],
      } = await twoInstancesOnOnePostgres({}, { clock, scheduleMarginMs: marginMs });
      const token = await signIn(writer!);
      clock.setTo('2027-01-04T06:59:55+01:00');
      // The reader keeps the empty list and feed first.
      expect(await listed(reader!)).toBe(0);
      const saved = await api(writer!, 'POST', newsList, {
        token,
        body: { ...apprentices({ publishAt: monday7 }), published: true },
      });
      expect(saved.status, saved.text).toBe(201);
      expect(await listed(reader!)).toBe(0);
      expect((await api(reader!, 'GET', newsByAddress('ausbildungsstart-2026'))).status).toBe(404);
      const feedBefore = await api(reader!, 'GET', newsFeedPath('en'));
      expect(feedBefore.text).not.toContain('<entry>');
      const etag = feedBefore.headers.get('etag')!;

      const seen = await until(clock, async () => (await listed(reader!)) === 1);
      expect(seen.getTime()).toBeGreaterThanOrEqual(Date.parse(monday7));
      expect(seen.getTime()).toBeLessThan(Date.parse(monday7) + 5000);
      expect((await api(reader!, 'GET', newsByAddress('ausbildungsstart-2026'))).status).toBe(200);
      const feedAfter = await api(reader!, 'GET', newsFeedPath('en'), { headers: { 'if-none-match': etag } });
      expect(feedAfter.status).toBe(200);
      expect(feedAfter.text).toContain('/aktuelles/ausbildungsstart-2026?lang=en');
      expect(await listed(writer!)).toBe(1);
    },
    30_000,
  );
});
