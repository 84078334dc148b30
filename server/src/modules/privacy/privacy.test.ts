import { type AuditEntry, apiRoutes, apiUrl, auditListSchema, personLookupSchema } from '@blitz/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { type Backend, api, databaseKinds, signIn, startTestApp, storageKinds } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { invitationUrl, newPassword, tokenOf, usersUrl } from '../accounts/accounts.test-kit';
import {
  type UploadFile,
  generalMessage,
  pdfFile,
  pngFile,
  postContact,
  priceInquiry,
  storedObjects,
  until,
} from '../contact/contact.test-kit';
import { unzip } from './privacy.test-kit';

// Data-subject requests (decision 049) on every database and both storages.
const onEvery: Backend[] = databaseKinds.flatMap((db) =>
  storageKinds.map((storage) => ({ db, storage, name: `${db} with ${storage} storage` })),
);

const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100' };
const lookupUrl = (email: string) => `${apiUrl(apiRoutes.person.lookup)}?Email=${encodeURIComponent(email)}`;

/** Erika's two inquiries (typed in two ways, one in English with two files) beside someone else's; their mails settled. */
async function storedPeople(url: string, db: Db) {
  const files: UploadFile[] = [await pngFile('photo.png', 12), pdfFile('Plan Halle 3.pdf', 500)];
  const first = (await postContact(url, { ...generalMessage, email: 'erika@example.org' })).body;
  const second = (await postContact(url, { ...priceInquiry, email: ' Erika@Example.ORG', language: 'en' }, files)).body;
  const other = (
    await postContact(url, { ...generalMessage, firstName: 'Otto', email: 'otto@example.org' }, [pdfFile('otto.pdf')])
  ).body;
  const token = await signIn(url);
  for (const { id } of [first, second, other]) {
    await until(
      async () => (await api(url, 'GET', apiUrl(apiRoutes.inbox.onePath(id)), { token })).body.deliveryStatus !== 'pending',
    );
    await api(url, 'POST', apiUrl(apiRoutes.inbox.notePath(id)), { token, body: { text: `Rückruf vereinbart (${id})` } });
    await api(url, 'PUT', apiUrl(apiRoutes.inbox.onePath(id)), { token, body: { status: 'inProgress' } });
    await db
      .insertInto('inquiry_origins')
      .values({ inquiry_id: id, source: 'google', campaign: '', landing_path: '/', form_path: '/contactus' })
      .execute();
  }
  return { token, first, second, other, files };
}

async function trail(url: string, token: string): Promise<AuditEntry[]> {
  return auditListSchema.parse((await api(url, 'GET', '/api/v1/Audit?Item=person', { token })).body).data;
}

describe.each(onEvery)('data-subject requests on $name', (backend) => {
  it('finds what is stored about an address whatever its case and spaces; an unknown one is empty; bad input is a 400 naming the field', async () => {
    const { url, app } = await startTestApp(backend, fastMail);
    const { token, first, second } = await storedPeople(url, app.db);

    const found = await api(url, 'GET', lookupUrl('  ERIKA@example.ORG '), { token });
    expect(found.status).toBe(200);
    const lookup = personLookupSchema.parse(found.body);
    expect(lookup.email).toBe('erika@example.org');
    expect(lookup.inquiries.map((i) => i.reference)).toEqual([second.reference, first.reference]);
    expect(lookup.inquiries[0]).toMatchObject({
      id: second.id,
      subject: 'priceInquiry',
      status: 'inProgress',
      language: 'en',
      attachments: [
        { fileName: 'photo.png', size: expect.any(Number) },
        { fileName: 'Plan Halle 3.pdf', size: expect.any(Number) },
      ],
      noteCount: 1,
    });
    expect(lookup.inquiries[0]!.mails.map((m) => m.kind).sort()).toEqual(['confirmation', 'inquiry']);
    expect(lookup.totals).toMatchObject({ inquiries: 2, attachments: 2, mails: 4, notes: 2 });
    // The query's name in any case, as every query of this API.
    expect((await api(url, 'GET', `/api/v1/Person?email=otto%40example.org`, { token })).body.totals.inquiries).toBe(1);

    const nobody = await api(url, 'GET', lookupUrl('nobody@example.org'), { token });
    expect(nobody.status).toBe(200);
    expect(nobody.body).toEqual({
      email: 'nobody@example.org',
      inquiries: [],
      totals: { inquiries: 0, attachments: 0, attachmentBytes: 0, mails: 0, notes: 0 },
    });

    for (const [method, route, body, field] of [
      ['GET', '/api/v1/Person', undefined, 'Email'],
      ['GET', lookupUrl('not an address'), undefined, 'Email'],
      ['POST', apiUrl(apiRoutes.person.export), {}, 'email'],
      ['POST', apiUrl(apiRoutes.person.export), { email: 'x'.repeat(400) + '@example.org' }, 'email'],
      ['POST', apiUrl(apiRoutes.person.erase), { email: 'erika@example.org' }, 'reason'],
      ['POST', apiUrl(apiRoutes.person.erase), { email: 'erika@example.org', reason: '   ' }, 'reason'],
      ['POST', apiUrl(apiRoutes.person.erase), { email: 42, reason: 'Antrag' }, 'email'],
    ] as const) {
      const res = await api(url, method, route, { token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${route} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(
      (
        await api(url, 'POST', apiUrl(apiRoutes.person.erase), {
          token,
          raw: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
  });

  it('exports one archive: a summary in the person’s language, every stored field as JSON, the files byte for byte; the audit names no one', async () => {
    const { url, app } = await startTestApp(backend, fastMail);
    const { token, first, second, files } = await storedPeople(url, app.db);

    const res = await fetch(url + apiUrl(apiRoutes.person.export), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ERIKA@example.org' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The latest inquiry was written in English: the summary and the file name are English.
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?data-export-\d{4}-\d{2}-\d{2}\.zip"?$/);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));

    const detail = async (id: number) => (await api(url, 'GET', apiUrl(apiRoutes.inbox.onePath(id)), { token })).body;
    const [newer, older] = [await detail(second.id), await detail(first.id)];
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    expect(data.email).toBe('erika@example.org');
    expect(data.inquiries).toHaveLength(2);
    for (const [exported, shown] of [
      [data.inquiries[0], newer],
      [data.inquiries[1], older],
    ]) {
      for (const field of [
        'id',
        'reference',
        'subject',
        'firstName',
        'lastName',
        'phone',
        'email',
        'message',
        'companyName',
        'companyAddress',
        'buildingSize',
        'regards',
        'language',
        'status',
        'deliveryStatus',
        'createdAt',
      ]) {
        expect(exported[field], field).toEqual(shown[field]);
      }
      expect(exported.notes).toEqual([{ at: expect.any(String), byName: 'admin', text: `Rückruf vereinbart (${shown.id})` }]);
      expect(exported.events).toEqual([expect.objectContaining({ kind: 'status', value: 'inProgress' })]);
      expect(exported.origin).toEqual({ source: 'google', campaign: '', landingPath: '/', formPath: '/contactus' });
      expect(exported.mails.map((m: { kind: string }) => m.kind).sort()).toEqual(['confirmation', 'inquiry']);
      for (const mail of exported.mails) {
        expect(Object.keys(mail).sort()).toEqual(['attempts', 'createdAt', 'history', 'kind', 'lastError', 'sentAt', 'status']);
      }
    }
    expect(data.inquiries[0].attachments.map((a: { fileName: string }) => a.fileName)).toEqual(['photo.png', 'Plan Halle 3.pdf']);
    for (const [index, attachment] of data.inquiries[0].attachments.entries()) {
      expect(attachment.path).toMatch(new RegExp(`^files/${second.reference}/\\d+-`));
      expect(entries.get(attachment.path)?.equals(files[index]!.data), attachment.path).toBe(true);
    }
    expect([...entries.keys()].filter((name) => name.startsWith('files/'))).toHaveLength(2);

    const summary = entries.get('summary.txt')!.toString('utf8');
    expect(summary).toContain('Your stored data (Art. 15 GDPR)');
    expect(summary).toContain(second.reference);
    expect(summary).toContain(first.reference);
    expect(summary).toContain('Price inquiry');
    // What the price inquiry concerns, in words, not the form's codes.
    expect(summary).toContain('Regarding: Lightning protection system, Earthing system');
    expect(summary).toContain('Kept for');
    expect(summary).not.toContain('Otto');

    // Someone with only German inquiries gets German.
    const german = await fetch(url + apiUrl(apiRoutes.person.export), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'otto@example.org' }),
    });
    expect(german.headers.get('content-disposition')).toContain('datenauskunft-');
    const ottos = await unzip(Buffer.from(await german.arrayBuffer()));
    expect(ottos.get('summary.txt')!.toString('utf8')).toContain('Auskunft über Ihre gespeicherten Daten');

    const audit = await trail(url, token);
    expect(audit.map((e) => [e.action, e.item.kind, e.item.title, e.summary])).toEqual([
      ['export', 'person', 'GDPR Art. 15', '1 inquiry'],
      ['export', 'person', 'GDPR Art. 15', '2 inquiries'],
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/erika|otto|Musterfrau/i);
  });

  it('exports a whole archive when storage lost a file: the file is named as missing, the rest is there', async () => {
    const { url, app } = await startTestApp(backend, fastMail);
    const { token, second, files } = await storedPeople(url, app.db);
    const [lost] = await app.db
      .selectFrom('inquiry_attachments')
      .select(['storage_key', 'file_name'])
      .where('inquiry_id', '=', second.id)
      .orderBy('id')
      .execute();
    await app.attachments.remove([lost!.storage_key]);

    const res = await fetch(url + apiUrl(apiRoutes.person.export), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'erika@example.org' }),
    });
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const [missing, kept] = JSON.parse(entries.get('data.json')!.toString('utf8')).inquiries[0].attachments;
    expect(missing).toEqual({
      fileName: lost!.file_name,
      contentType: 'image/png',
      size: files[0]!.data.length,
      path: null,
      missing: true,
    });
    expect(entries.get(kept.path)?.equals(files[1]!.data)).toBe(true);
    expect([...entries.keys()].filter((name) => name.startsWith('files/'))).toEqual([kept.path]);
    expect(entries.get('summary.txt')!.toString('utf8')).toContain(
      `${lost!.file_name} (${files[0]!.data.length} B): no longer stored, so not in the archive`,
    );
  });

  it('erases every trace of the address in one go, leaves others alone, and keeps only a stub in the audit trail', async () => {
    const { url, app, log } = await startTestApp(backend, fastMail);
    const { token, first, second, other } = await storedPeople(url, app.db);
    await api(url, 'GET', apiUrl(apiRoutes.inbox.onePath(first.id)), { token }); // a read mark
    const erikas = [first.id, second.id];
    const db = app.db;
    const mailIds = async (ids: number[]) =>
      (await db.selectFrom('inquiry_mails').select('outbox_id').where('inquiry_id', 'in', ids).execute()).map((r) => r.outbox_id);
    const erikasMails = await mailIds(erikas);
    expect(erikasMails).toHaveLength(4);
    const erikasKeys = (
      await db.selectFrom('inquiry_attachments').select('storage_key').where('inquiry_id', 'in', erikas).execute()
    ).map((r) => r.storage_key);
    expect(erikasKeys).toHaveLength(2);
    expect(
      (await db.selectFrom('mail_attempts').select('id').where('outbox_id', 'in', erikasMails).execute()).length,
    ).toBeGreaterThan(0);

    const res = await api(url, 'POST', apiUrl(apiRoutes.person.erase), {
      token,
      body: { email: ' erika@EXAMPLE.org', reason: 'Antrag per Brief vom 20.11.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ inquiries: 2, files: 2, mails: 4, notes: 2 });

    const left = async (
      table:
        | 'inquiries'
        | 'inquiry_attachments'
        | 'inquiry_mails'
        | 'inquiry_notes'
        | 'inquiry_events'
        | 'inquiry_reads'
        | 'inquiry_origins',
    ) => {
      const column = table === 'inquiries' ? 'id' : 'inquiry_id';
      return (await db.selectFrom(table).select(column).where(column, 'in', erikas).execute()).length;
    };
    for (const table of [
      'inquiries',
      'inquiry_attachments',
      'inquiry_mails',
      'inquiry_notes',
      'inquiry_events',
      'inquiry_reads',
      'inquiry_origins',
    ] as const)
      expect(await left(table), table).toBe(0);
    expect(await db.selectFrom('mail_outbox').select('id').where('id', 'in', erikasMails).execute()).toEqual([]);
    expect(await db.selectFrom('mail_attempts').select('id').where('outbox_id', 'in', erikasMails).execute()).toEqual([]);
    const objects = await storedObjects(app);
    for (const key of erikasKeys) expect(objects).not.toContain(key);
    expect(objects).toHaveLength(1);
    for (const search of ['erika', 'Musterfrau', 'example.org']) {
      const list = await api(url, 'GET', `${apiUrl(apiRoutes.inbox.list)}?Search=${search}`, { token });
      expect(
        list.body.data.map((i: { id: number }) => i.id),
        search,
      ).toEqual(search === 'Musterfrau' || search === 'example.org' ? [other.id] : []);
    }
    expect(
      personLookupSchema.parse((await api(url, 'GET', lookupUrl('erika@example.org'), { token })).body).totals.inquiries,
    ).toBe(0);

    // Otto's inquiry and what hangs off it are untouched.
    expect((await api(url, 'GET', apiUrl(apiRoutes.inbox.onePath(other.id)), { token })).status).toBe(200);
    expect(await mailIds([other.id])).toHaveLength(2);
    expect(await db.selectFrom('inquiry_origins').select('inquiry_id').where('inquiry_id', '=', other.id).execute()).toHaveLength(
      1,
    );

    // Nothing stored: zeros, and the erasure is still recorded.
    const again = await api(url, 'POST', apiUrl(apiRoutes.person.erase), {
      token,
      body: { email: 'erika@example.org', reason: 'zweiter Versuch' },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ inquiries: 0, files: 0, mails: 0, notes: 0 });

    const audit = await trail(url, token);
    expect(audit.map((e) => [e.action, e.item.kind, e.item.id, e.item.title, e.user.name])).toEqual([
      ['erase', 'person', null, 'GDPR Art. 17', 'admin'],
      ['erase', 'person', null, 'GDPR Art. 17', 'admin'],
    ]);
    expect(audit[1]!.summary).toBe('erased: 2 inquiries, 2 files, 4 mails, 2 notes; reason: Antrag per Brief vom 20.11.');
    expect(JSON.stringify(audit)).not.toMatch(/erika|Musterfrau|example\.org/i);
    // The request log names routes, never the address looked up or erased.
    expect(log.text()).not.toMatch(/erika/i);
  });

  it('erases the mail that told a colleague the inquiry was theirs, sent through a real mail server', async () => {
    const smtp = await SmtpSink.start();
    const { url, app } = await startTestApp(backend, { ...fastMail, SMTP_URL: smtp.url });
    const inquiry = (await postContact(url, { ...generalMessage, email: 'erika@example.org' })).body;
    const token = await signIn(url);
    const created = await api(url, 'POST', usersUrl, {
      token,
      body: { username: 'office', role: 'inbox', email: 'office@firma.example' },
    });
    expect(created.status, created.text).toBe(201);
    await api(url, 'POST', invitationUrl, { body: { token: tokenOf(created.body.invitation.url), password: newPassword } });
    await api(url, 'PUT', apiUrl(apiRoutes.inbox.onePath(inquiry.id)), { token, body: { assigneeId: created.body.id } });
    await until(() => smtp.received.find((m) => m.mail.subject?.includes('zugewiesen')));
    const mails = (
      await app.db.selectFrom('inquiry_mails').select('outbox_id').where('inquiry_id', '=', inquiry.id).execute()
    ).map((r) => r.outbox_id);
    expect(
      await app.db.selectFrom('assignment_mails').select('outbox_id').where('outbox_id', 'in', mails).execute(),
    ).toHaveLength(1);

    const erased = await api(url, 'POST', apiUrl(apiRoutes.person.erase), {
      token,
      body: { email: 'erika@example.org', reason: 'Antrag' },
    });
    expect(erased.body).toEqual({ inquiries: 1, files: 0, mails: 3, notes: 0 });
    expect(await app.db.selectFrom('assignment_mails').select('outbox_id').execute()).toEqual([]);
    expect(await app.db.selectFrom('mail_outbox').select('id').where('id', 'in', mails).execute()).toEqual([]);
    expect(await app.db.selectFrom('mail_attempts').select('id').where('outbox_id', 'in', mails).execute()).toEqual([]);
  });
});
