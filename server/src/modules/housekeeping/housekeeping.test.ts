import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { databaseKinds, freshDatabase } from '../../test/helper';
import { until } from '../contact/contact.test-kit';
import { createHousekeeping } from './housekeeping';
import { takeLease } from './leases.repository';

const silent = pino({ level: 'silent' });

async function migrated(kind: (typeof databaseKinds)[number]) {
  const { db } = await freshDatabase(kind);
  await migrateToLatest(db);
  return db;
}

describe.each(databaseKinds)('housekeeping on %s', (kind) => {
  it('a lease goes to one owner until it runs out; its owner extends it', async () => {
    const db = await migrated(kind);
    const t0 = new Date('2026-12-01T10:00:00.000Z');
    const later = (ms: number) => new Date(t0.getTime() + ms);
    expect(await takeLease(db, 'job', 'a', t0, later(60_000))).toBe(true);
    expect(await takeLease(db, 'job', 'b', later(1_000), later(61_000))).toBe(false);
    expect(await takeLease(db, 'job', 'a', later(30_000), later(90_000))).toBe(true);
    // a's first lease would have run out at 60 s; the extension holds it to 90 s.
    expect(await takeLease(db, 'job', 'b', later(70_000), later(130_000))).toBe(false);
    expect(await takeLease(db, 'job', 'b', later(90_001), later(150_000))).toBe(true);
    expect(await takeLease(db, 'job', 'a', later(100_000), later(160_000))).toBe(false);
    // Another name is another lease.
    expect(await takeLease(db, 'other', 'a', later(100_000), later(160_000))).toBe(true);
  });

  it('of many owners asking at once, exactly one gets the lease', async () => {
    const db = await migrated(kind);
    const now = new Date();
    const until = new Date(now.getTime() + 60_000);
    const taken = await Promise.all(Array.from({ length: 12 }, (_, i) => takeLease(db, 'job', `owner-${i}`, now, until)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });

  it('runs a round on one of two instances sharing the database; the next round after the lease ran out', async () => {
    const db = await migrated(kind);
    const rounds: string[] = [];
    const instance = (owner: string) =>
      createHousekeeping(db, [{ name: 'count', run: async () => (rounds.push(owner), { removed: 0 }) }], silent, {
        owner,
        everyMs: 400,
      });
    const [a, b] = [instance('a'), instance('b')];
    const ran = await Promise.all([a.run(), b.run()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(rounds).toHaveLength(1);
    // The lease is held for a little less than the interval, then whoever looks first takes it.
    const other = rounds[0] === 'a' ? b : a;
    await until(async () => ((await other.run()) ? true : undefined), 10_000);
    expect(rounds).toHaveLength(2);
    expect(rounds[1]).not.toBe(rounds[0]);
  });

  it('a failing task does not keep the others from running', async () => {
    const db = await migrated(kind);
    const done: string[] = [];
    const job = createHousekeeping(
      db,
      [
        { name: 'broken', run: async () => Promise.reject(new Error('disk gone')) },
        { name: 'fine', run: async () => (done.push('fine'), { removed: 1 }) },
      ],
      silent,
    );
    expect(await job.run()).toBe(true);
    expect(done).toEqual(['fine']);
  });
});
