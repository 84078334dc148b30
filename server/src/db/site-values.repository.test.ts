import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../test/helper';
import { migrateToLatest } from './migrate';
import { advanceSiteValue, readSiteValue } from './site-values.repository';

// The claim of a scheduled moment (decision 063): of the instances claiming one moment, one stores.

describe.each(databaseKinds)('a site value advanced on %s', (kind) => {
  it('is stored when there is none or it is before the moment, once of several at the same time', async () => {
    const { db } = await freshDatabase(kind);
    await migrateToLatest(db);
    const moment = '2027-01-04T06:00:00.000Z';
    const claims = await Promise.all(
      ['2027-01-04T06:00:01.000Z', '2027-01-04T06:00:02.000Z', '2027-01-04T06:00:03.000Z'].map((through) =>
        advanceSiteValue(db, 'claimed', through, moment),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // The same moment again: taken. A later one: stored.
    expect(await advanceSiteValue(db, 'claimed', '2027-01-04T06:00:09.000Z', moment)).toBe(false);
    expect(await advanceSiteValue(db, 'claimed', '2027-01-04T07:00:01.000Z', '2027-01-04T07:00:00.000Z')).toBe(true);
    expect(await readSiteValue(db, 'claimed')).toBe('2027-01-04T07:00:01.000Z');
  });
});
