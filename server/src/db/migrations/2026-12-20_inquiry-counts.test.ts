import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../../test/helper';
import { migrateTo } from '../migrate';
import { down, up } from './2026-12-20_inquiry-counts';

describe.each(databaseKinds)('migration 2026-12-20_inquiry-counts on %s', (kind) => {
  it('counts the inquiries already stored, keeps counting, and goes down and up again', async () => {
    const { db } = await freshDatabase(kind);
    // The migration is written against Kysely<any>, as it must stay valid whatever the schema becomes.
    const anyDb = db as unknown as Kysely<any>;
    await migrateTo(db, '2026-12-18_inquiry-full-text');
    let serial = 0;
    const insert = (fields: { subject?: string; status?: string; spam?: number } = {}) =>
      anyDb
        .insertInto('inquiries')
        .values({
          reference: `R-${++serial}`,
          subject: 'generalMessage',
          first_name: 'Erika',
          last_name: 'Musterfrau',
          phone: '1',
          email: 'erika@example.org',
          message: 'Bitte rufen Sie an',
          language: 'de',
          status: 'new',
          delivery_status: 'logged',
          created_at: new Date().toISOString(),
          ...fields,
        })
        .execute();
    await insert();
    await insert({ status: 'closed' });
    await insert({ spam: 1 });
    await insert({ subject: 'application' });
    const kept = async () =>
      Object.fromEntries(
        (
          await sql<{ g: string; n: number | string }>`
            select spam || ' ' || subject || ' ' || status as g, sum(n) as n from inquiry_counts
            group by spam, subject, status having sum(n) <> 0 order by 1`.execute(db)
        ).rows.map((r) => [r.g, Number(r.n)]),
      );
    const tables = async () => (await db.introspection.getTables()).map((t) => t.name);

    await up(anyDb);
    expect(await kept()).toEqual({
      '0 application new': 1,
      '0 generalMessage closed': 1,
      '0 generalMessage new': 1,
      '1 generalMessage new': 1,
    });
    await insert();
    await anyDb.updateTable('inquiries').set({ status: 'closed' }).where('subject', '=', 'application').execute();
    await anyDb.deleteFrom('inquiries').where('spam', '=', 1).execute();
    expect(await kept()).toEqual({ '0 application closed': 1, '0 generalMessage closed': 1, '0 generalMessage new': 2 });

    await down(anyDb);
    expect(await tables()).not.toContain('inquiry_counts');
    // Without its triggers every write goes on as before.
    await insert({ subject: 'priceInquiry' });
    await anyDb.deleteFrom('inquiries').where('status', '=', 'closed').execute();

    await up(anyDb);
    expect(await kept()).toEqual({ '0 generalMessage new': 2, '0 priceInquiry new': 1 });
  });
});
