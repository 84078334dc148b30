import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../../test/helper';
import { migrateTo } from '../migrate';
import { down, up } from './2026-11-30_inquiry-search';

describe.each(databaseKinds)('migration 2026-11-30_inquiry-search on %s', (kind) => {
  it('goes down and up again, filling the search text of the inquiries already stored', async () => {
    const { db } = await freshDatabase(kind);
    // The migration is written against Kysely<any>, as it must stay valid whatever the schema becomes.
    const anyDb = db as unknown as Kysely<any>;
    // Up to this migration: a later one builds on its column (the search's index, 2026-12-18).
    await migrateTo(db, '2026-11-30_inquiry-search');
    await down(anyDb);
    const columns = async () =>
      (await db.introspection.getTables()).find((t) => t.name === 'inquiries')!.columns.map((c) => c.name);
    expect(await columns()).not.toContain('search_folded');
    const row = {
      reference: 'R-1',
      subject: 'generalMessage',
      first_name: 'Jörg',
      last_name: 'ÜBEL',
      phone: '1',
      email: 'J@Example.org',
      message: 'Straße',
      company_name: 'ACME',
      language: 'de',
      status: 'new',
      delivery_status: 'logged',
      created_at: new Date().toISOString(),
    };
    await anyDb.insertInto('inquiries').values(row).execute();
    await up(anyDb);
    const stored = await db.selectFrom('inquiries').select('search_folded').executeTakeFirstOrThrow();
    expect(stored.search_folded).toBe('jörg übel\nj@example.org\nacme\nstraße');
  });
});
