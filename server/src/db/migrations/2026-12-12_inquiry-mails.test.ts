import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseKinds, freshDatabase } from '../../test/helper';
import { migrateTo } from '../migrate';

const at = '2026-12-01T10:00:00.000Z';
const inquiry = (reference: string) => ({
  reference,
  subject: 'priceInquiry',
  first_name: 'Erika',
  last_name: 'Muster',
  phone: '1',
  email: 'erika@example.org',
  message: 'Hallo',
  language: 'de',
  status: 'new',
  delivery_status: 'pending',
  created_at: at,
});
const mail = (kind: string, inquiryId: number | null, status = 'pending') => ({
  inquiry_id: inquiryId,
  kind,
  status,
  attempts: status === 'pending' ? 0 : 1,
  next_attempt_at: at,
  created_at: at,
  sent_at: status === 'sent' ? at : null,
});

describe.each(databaseKinds)('migration 2026-12-12_inquiry-mails on %s', (kind) => {
  it('moves every mail’s inquiry into inquiry_mails, loses no mail, attempt or other side row, and goes down again', async () => {
    const { db } = await freshDatabase(kind);
    // Written against Kysely<any>: the rows as the schema was before this migration.
    const anyDb = db as unknown as Kysely<any>;
    await migrateTo(db, '2026-12-11_inquiry-workflow');

    const inquiryIds: number[] = [];
    for (const reference of ['R-1', 'R-2']) {
      inquiryIds.push(
        (await anyDb.insertInto('inquiries').values(inquiry(reference)).returning('id').executeTakeFirstOrThrow()).id,
      );
    }
    const [first, second] = inquiryIds as [number, number];
    const user = await anyDb
      .insertInto('users')
      .values({ username: 'eva', password_hash: 'x', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const queued: { kind: string; inquiry_id: number | null }[] = [
      { kind: 'inquiry', inquiry_id: first },
      { kind: 'confirmation', inquiry_id: first },
      { kind: 'inquiry', inquiry_id: second },
      { kind: 'invitation', inquiry_id: null },
      // Deleted below: the highest id given so far, never to be given again.
      { kind: 'inquiry', inquiry_id: second },
    ];
    const mailIds: number[] = [];
    for (const [i, q] of queued.entries()) {
      const row = await anyDb
        .insertInto('mail_outbox')
        .values(mail(q.kind, q.inquiry_id, i === 0 ? 'sent' : 'pending'))
        .returning('id')
        .executeTakeFirstOrThrow();
      mailIds.push(row.id);
    }
    const [sentId, , , invitationId, lastId] = mailIds as [number, number, number, number, number];
    await anyDb.insertInto('mail_attempts').values({ outbox_id: sentId, attempted_at: at, error: null }).execute();
    await anyDb.insertInto('invitation_mails').values({ outbox_id: invitationId, user_id: user.id, origin: null }).execute();
    await anyDb.deleteFrom('mail_outbox').where('id', '=', lastId).execute();
    const outboxBefore = await anyDb
      .selectFrom('mail_outbox')
      .select(['id', 'kind', 'status', 'attempts', 'next_attempt_at', 'created_at', 'sent_at'])
      .orderBy('id')
      .execute();

    await migrateTo(db, '2026-12-12_inquiry-mails');

    const outboxColumns = (await db.introspection.getTables()).find((t) => t.name === 'mail_outbox')!.columns.map((c) => c.name);
    expect(outboxColumns).not.toContain('inquiry_id');
    // Every mail kept as it was, and named by its inquiry in the new table.
    expect(
      await anyDb
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'status', 'attempts', 'next_attempt_at', 'created_at', 'sent_at'])
        .orderBy('id')
        .execute(),
    ).toEqual(outboxBefore);
    expect(await anyDb.selectFrom('inquiry_mails').selectAll().orderBy('outbox_id').execute()).toEqual(
      queued.slice(0, 3).map((q, i) => ({ outbox_id: mailIds[i], inquiry_id: q.inquiry_id })),
    );
    // What names the outbox's rows survived the rebuild of the table on SQLite.
    expect(await anyDb.selectFrom('mail_attempts').select(['outbox_id']).execute()).toEqual([{ outbox_id: sentId }]);
    expect(await anyDb.selectFrom('invitation_mails').select(['outbox_id', 'user_id']).execute()).toEqual([
      { outbox_id: invitationId, user_id: user.id },
    ]);
    // No id is given twice, not even that of a mail deleted before.
    const { inquiry_id: _, ...unnamed } = mail('invitation', null);
    const next = await anyDb.insertInto('mail_outbox').values(unnamed).returning('id').executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(lastId);
    await anyDb.deleteFrom('mail_outbox').where('id', '=', next.id).execute();
    // The foreign keys hold: a mail names an existing inquiry, and goes with it.
    await expect(
      anyDb.insertInto('inquiry_mails').values({ outbox_id: invitationId, inquiry_id: 999_999 }).execute(),
    ).rejects.toThrow();
    await expect(anyDb.insertInto('inquiry_mails').values({ outbox_id: 999_999, inquiry_id: first }).execute()).rejects.toThrow();

    await migrateTo(db, '2026-12-11_inquiry-workflow');

    expect(await anyDb.selectFrom('mail_outbox').select(['id', 'kind', 'inquiry_id']).orderBy('id').execute()).toEqual(
      queued.slice(0, 4).map((q, i) => ({ id: mailIds[i], kind: q.kind, inquiry_id: q.inquiry_id })),
    );
    expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain('inquiry_mails');

    // And up once more, onto what the down left.
    await migrateTo(db, '2026-12-12_inquiry-mails');
    expect(await anyDb.selectFrom('inquiry_mails').select(['outbox_id', 'inquiry_id']).orderBy('outbox_id').execute()).toEqual(
      queued.slice(0, 3).map((q, i) => ({ outbox_id: mailIds[i], inquiry_id: q.inquiry_id })),
    );
    await anyDb.deleteFrom('inquiries').where('id', '=', second).execute();
    expect(await anyDb.selectFrom('inquiry_mails').select('inquiry_id').orderBy('outbox_id').execute()).toEqual([
      { inquiry_id: first },
      { inquiry_id: first },
    ]);
  });
});
