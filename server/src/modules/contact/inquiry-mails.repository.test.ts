import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { claimDueMails, queueMail, settleMail } from '../../mail/outbox.repository';
import { databaseKinds, freshDatabase } from '../../test/helper';
import { type NewInquiry, deleteInquiries, insertInquiry } from './inquiries.repository';
import {
  deleteMailsOfInquiries,
  inquiryOfMail,
  mailsOfInquiry,
  queueInquiryMail,
  requeueInquiryMail,
} from './inquiry-mails.repository';

const at = '2026-12-01T10:00:00.000Z';
const later = '2026-12-01T11:00:00.000Z';

function newInquiry(reference: string): NewInquiry {
  return {
    reference,
    subject: 'priceInquiry',
    firstName: 'Erika',
    lastName: 'Muster',
    phone: '1',
    email: 'erika@example.org',
    message: 'Hallo',
    companyName: null,
    companyAddress: null,
    buildingSize: null,
    regards: [],
    language: 'de',
    spam: false,
    createdAt: at,
    jobId: null,
    jobTitle: null,
  };
}

async function migrated(kind: (typeof databaseKinds)[number]): Promise<Db> {
  const { db } = await freshDatabase(kind);
  await migrateToLatest(db);
  return db;
}

describe.each(databaseKinds)('the inquiries’ mails (inquiry_mails) on %s', (kind) => {
  it('an inquiry stored with its mails names them; each mail finds its inquiry, another module’s mail none', async () => {
    const db = await migrated(kind);
    const first = await insertInquiry(db, newInquiry('R-1'), [], ['inquiry', 'confirmation']);
    const second = await insertInquiry(db, newInquiry('R-2'), [], ['inquiry']);
    const invitation = await queueMail(db, 'invitation', at);

    const mails = await mailsOfInquiry(db, first);
    expect(mails.map((m) => ({ kind: m.kind, status: m.status, history: m.history }))).toEqual([
      { kind: 'inquiry', status: 'pending', history: [] },
      { kind: 'confirmation', status: 'pending', history: [] },
    ]);
    expect(mails[0]).not.toHaveProperty('inquiryId');
    for (const mail of mails) expect(await inquiryOfMail(db, mail.id)).toBe(first);
    const [secondMail] = await mailsOfInquiry(db, second);
    expect(await inquiryOfMail(db, secondMail!.id)).toBe(second);
    expect(await inquiryOfMail(db, invitation)).toBeUndefined();
    expect(await mailsOfInquiry(db, 999_999)).toEqual([]);
  });

  it('an inquiry’s mails come with their attempts, oldest first', async () => {
    const db = await migrated(kind);
    const id = await insertInquiry(db, newInquiry('R-1'), [], ['inquiry']);
    const [claimed] = await claimDueMails(db, kind, 'me', later, '2026-12-01T11:05:00.000Z', 5);
    expect(await inquiryOfMail(db, claimed!.id)).toBe(id);
    await settleMail(db, claimed!.id, 'me', { status: 'pending', attemptedAt: later, error: 'refused', nextAttemptAt: later });
    const [mail] = await mailsOfInquiry(db, id);
    expect(mail).toMatchObject({ id: claimed!.id, kind: 'inquiry', status: 'pending', attempts: 1, lastError: 'refused' });
    expect(mail!.history).toEqual([{ attemptedAt: later, error: 'refused' }]);
  });

  it('queued again: a waiting mail becomes due now; a sent one stays history and a new one is named by the inquiry', async () => {
    const db = await migrated(kind);
    const id = await insertInquiry(db, newInquiry('R-1'), [], ['inquiry']);
    await db.updateTable('mail_outbox').set({ next_attempt_at: '2026-12-02T00:00:00.000Z' }).execute();

    await requeueInquiryMail(db, id, 'inquiry', later);
    const waiting = await mailsOfInquiry(db, id);
    expect(waiting.map((m) => [m.kind, m.status, m.nextAttemptAt])).toEqual([['inquiry', 'pending', later]]);

    await db.updateTable('mail_outbox').set({ status: 'sent', sent_at: later }).execute();
    await requeueInquiryMail(db, id, 'inquiry', '2026-12-01T12:00:00.000Z');
    // A confirmation never queued (the inquiry was caught as spam) is queued now.
    await requeueInquiryMail(db, id, 'confirmation', '2026-12-01T12:00:00.000Z');
    const again = await mailsOfInquiry(db, id);
    expect(again.map((m) => [m.kind, m.status])).toEqual([
      ['inquiry', 'sent'],
      ['inquiry', 'pending'],
      ['confirmation', 'pending'],
    ]);
    for (const mail of again) expect(await inquiryOfMail(db, mail.id)).toBe(id);
  });

  it('a mail queued for an inquiry that is not stored is refused: nothing is sent without its owner row', async () => {
    const db = await migrated(kind);
    await expect(db.transaction().execute((trx) => queueInquiryMail(trx, 999_999, 'inquiry', at))).rejects.toThrow();
    expect(await db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('deleting inquiries deletes their mails and attempts, and no other mail', async () => {
    const db = await migrated(kind);
    const gone = await insertInquiry(db, newInquiry('R-1'), [], ['inquiry', 'confirmation']);
    const kept = await insertInquiry(db, newInquiry('R-2'), [], ['inquiry']);
    const invitation = await queueMail(db, 'invitation', at);
    for (const mail of await claimDueMails(db, kind, 'me', later, '2026-12-01T11:05:00.000Z', 10)) {
      await settleMail(db, mail.id, 'me', { status: 'failed', attemptedAt: later, error: 'refused' });
    }
    const keptMails = await mailsOfInquiry(db, kept);

    await deleteMailsOfInquiries(db, []);
    await db.transaction().execute((trx) => deleteMailsOfInquiries(trx, [gone]));
    expect(await mailsOfInquiry(db, gone)).toEqual([]);
    expect(await db.selectFrom('inquiry_mails').select('inquiry_id').execute()).toEqual([{ inquiry_id: kept }]);
    expect((await db.selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual(
      [...keptMails.map((m) => m.id), invitation].sort((a, b) => a - b),
    );
    expect(await db.selectFrom('mail_attempts').select('outbox_id').orderBy('outbox_id').execute()).toEqual(
      [...keptMails.map((m) => m.id), invitation].sort((a, b) => a - b).map((outbox_id) => ({ outbox_id })),
    );

    // The inquiries' delete takes their mails with them.
    await deleteInquiries(db, [kept]);
    expect(await db.selectFrom('inquiry_mails').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('mail_outbox').select('id').execute()).toEqual([{ id: invitation }]);
  });
});
