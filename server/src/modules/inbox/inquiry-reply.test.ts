import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { api, backends, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { signedInAs } from '../accounts/accounts.test-kit';
import { sweepAttachments } from '../contact/attachment-store';
import { applyRetention, orphanAgeMs, referencedAttachmentKeys } from './inquiry-housekeeping';
import {
  type UploadFile,
  formData,
  generalMessage,
  pdfFile,
  postContact,
  priceInquiry,
  storedObjects,
  until,
} from '../contact/contact.test-kit';

const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', CONTACT_MIN_FILL_SECONDS: '0', CONFIRMATION_MAIL: 'true' };
const one = (id: number) => apiUrl(apiRoutes.inbox.onePath(id));
const replyUrl = (id: number) => apiUrl(apiRoutes.inbox.replyPath(id));
const templatesUrl = apiUrl(apiRoutes.inbox.replyTemplates);
const note = 'Interne Notiz: höchstens 5 % Rabatt, nicht weitersagen';

/** A reply as multipart: its fields and files named `attachment`. */
async function postReply(
  url: string,
  token: string,
  id: number,
  fields: Record<string, string>,
  files: UploadFile[] = [],
  headers: Record<string, string> = {},
) {
  const response = await fetch(url + replyUrl(id), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: formData(fields, files),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined, text };
}

/** An inquiry with its two mails received (to the company and the confirmation to the sender). */
async function answeredInquiry(url: string, smtp: SmtpSink, fields: Record<string, string> = priceInquiry) {
  const before = smtp.received.length;
  const inquiry = (await postContact(url, fields)).body;
  await smtp.waitFor(before + 2);
  const confirmation = smtp.received.find((m) => m.mail.subject?.includes(`Referenz ${inquiry.reference}`));
  expect(confirmation, 'the confirmation mail').toBeDefined();
  return { inquiry, confirmation: confirmation! };
}

const repliesIn = (smtp: SmtpSink, subject: string) => smtp.received.filter((m) => m.mail.subject === subject);

describe.each(backends)('replies from the dashboard on $name (issue 42)', (backend) => {
  it('sends a reply with a PDF once, from the company, threaded to the confirmation; shows it; deletes its files with the inquiry', async () => {
    const smtp = await SmtpSink.start();
    const { url, app } = await startTestApp(backend, { ...fastMail, SMTP_URL: smtp.url, SITE_URL: 'https://www.firma.example' });
    const { inquiry, confirmation } = await answeredInquiry(url, smtp);
    const admin = await signIn(url);
    expect(
      (await api(url, 'POST', apiUrl(apiRoutes.inbox.notePath(inquiry.id)), { token: admin, body: { text: note } })).status,
    ).toBe(201);
    const objectsBefore = await storedObjects(app);
    const offer = pdfFile('Angebot 2026-117.pdf', 200_000);
    const subject = `Ihr Angebot (Referenz ${inquiry.reference})`;
    const body = 'Guten Tag Erika Musterfrau,\n\nim Anhang finden Sie unser Angebot.\n\nMit freundlichen Grüßen';

    const sent = await postReply(url, admin, inquiry.id, { subject, body, key: 'reply-1' }, [offer]);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body).toMatchObject({
      subject,
      body,
      by: 'admin',
      attachments: [{ fileName: 'Angebot 2026-117.pdf', contentType: 'application/pdf', size: offer.data.length }],
    });
    const [reply] = await until(() => (repliesIn(smtp, subject).length ? repliesIn(smtp, subject) : undefined));
    expect(reply!.to).toEqual([generalMessage.email]);
    expect(reply!.mail.text?.trim()).toBe(body);
    expect(reply!.mail.attachments).toHaveLength(1);
    expect(reply!.mail.attachments[0]!.filename).toBe('Angebot 2026-117.pdf');
    expect(Buffer.compare(reply!.mail.attachments[0]!.content, offer.data)).toBe(0);
    // From the company as its confirmation was, answers to the company's mailbox.
    expect(reply!.mail.from?.value).toEqual(confirmation.mail.from?.value);
    expect(reply!.mail.replyTo?.value).toEqual(confirmation.mail.replyTo?.value);
    expect(reply!.from).toBe(confirmation.from);
    // Threaded to the confirmation the sender got.
    expect(confirmation.mail.messageId).toMatch(/^<outbox-\d+\.confirmation@www\.firma\.example>$/);
    expect(reply!.mail.inReplyTo).toBe(confirmation.mail.messageId);
    expect(reply!.mail.references).toBe(confirmation.mail.messageId);
    expect(reply!.mail.messageId).not.toBe(confirmation.mail.messageId);

    // The note is in no mail the inquiry made.
    for (const received of smtp.received)
      expect(`${received.mail.subject} ${received.mail.text} ${received.mail.html || ''}`).not.toContain(note);

    const detail = await until(async () => {
      const d = await api(url, 'GET', one(inquiry.id), { token: admin });
      return d.body.mails.some((m: { kind: string; status: string }) => m.kind === 'reply' && m.status === 'sent')
        ? d
        : undefined;
    });
    expect(detail.body.status).toBe('answered');
    expect(detail.body.mails.map((m: { kind: string }) => m.kind)).toEqual(['inquiry', 'confirmation', 'reply']);
    expect(detail.body.history).toContainEqual({
      kind: 'mail',
      at: expect.any(String),
      mail: 'reply',
      status: 'sent',
      subject,
      by: 'admin',
    });
    expect(detail.body.history).toContainEqual({ kind: 'status', at: expect.any(String), by: 'admin', status: 'answered' });
    const audit = await api(url, 'GET', `${apiUrl(apiRoutes.audit.list)}?Item=inquiry&Action=reply`, { token: admin });
    const entry = audit.body.data.find((e: { action: string }) => e.action === 'reply');
    expect(entry).toBeDefined();
    expect(JSON.stringify(entry)).not.toContain('Angebot');
    await new Promise((r) => setTimeout(r, 300));
    expect(repliesIn(smtp, subject)).toHaveLength(1);

    // Its file is stored beside the inquiry's, and the orphan sweep knows it is a reply's.
    const objectsWithReply = await storedObjects(app);
    expect(objectsWithReply.length).toBe(objectsBefore.length + 1);
    const later = new Date(Date.now() + 2 * orphanAgeMs);
    expect(await sweepAttachments(app.attachments, (keys) => referencedAttachmentKeys(app.db, keys), orphanAgeMs, later)).toBe(0);
    // Deleting the inquiry takes the file, the reply's rows and its mail.
    expect((await api(url, 'DELETE', one(inquiry.id), { token: admin })).status).toBe(204);
    expect(await storedObjects(app)).toEqual(objectsBefore.filter((key) => !objectsWithReply.includes(key)));
    expect(await storedObjects(app)).toEqual([]);
    expect(await app.db.selectFrom('inquiry_replies').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('inquiry_reply_attachments').selectAll().execute()).toEqual([]);
    expect(await app.db.selectFrom('mail_outbox').select('kind').where('kind', '=', 'reply').execute()).toEqual([]);
  });
});

describe.each(databaseKinds)('replies from the dashboard on %s (issue 42)', (kind) => {
  it('tries a reply again when the mail server answers 451, and it arrives exactly once', async () => {
    const smtp = await SmtpSink.start();
    const { url, app } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const { inquiry, confirmation } = await answeredInquiry(url, smtp);
    const admin = await signIn(url);
    smtp.rejectWith = 451;
    const subject = 'Rückfrage zu Ihrer Anfrage';
    const sent = await api(url, 'POST', replyUrl(inquiry.id), {
      token: admin,
      body: { subject, body: 'Wie hoch ist das Dach?' },
    });
    expect(sent.status, sent.text).toBe(201);
    const failed = await until(async () => {
      const attempts = await app.db.selectFrom('mail_attempts').select('error').where('outbox_id', '=', sent.body.id).execute();
      return attempts.length > 0 ? attempts : undefined;
    });
    expect(failed[0]!.error).toMatch(/451/);
    smtp.rejectWith = undefined;
    const [reply] = await until(() => (repliesIn(smtp, subject).length ? repliesIn(smtp, subject) : undefined));
    expect(reply!.mail.inReplyTo).toBe(confirmation.mail.messageId);
    const detail = await until(async () => {
      const d = await api(url, 'GET', one(inquiry.id), { token: admin });
      const mail = d.body.mails.find((m: { kind: string }) => m.kind === 'reply');
      return mail?.status === 'sent' ? mail : undefined;
    });
    expect(detail.attempts).toBeGreaterThanOrEqual(2);
    expect(detail.history[0].error).toMatch(/451/);
    await new Promise((r) => setTimeout(r, 500));
    expect(repliesIn(smtp, subject)).toHaveLength(1);
  });

  it('queues one mail for one key, however often the request comes (a double click, a retried request)', async () => {
    const smtp = await SmtpSink.start();
    const { url, app } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const { inquiry } = await answeredInquiry(url, smtp);
    const admin = await signIn(url);
    const body = { subject: 'Ihr Angebot', body: 'Anbei unser Angebot.', key: 'a1b2c3' };
    const first = await api(url, 'POST', replyUrl(inquiry.id), { token: admin, body });
    expect(first.status, first.text).toBe(201);
    const again = await api(url, 'POST', replyUrl(inquiry.id), { token: admin, body });
    expect(again.status, again.text).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    // The key as a header, on a multipart request with a file: the repeat stores no second file.
    const headers = { 'idempotency-key': 'double-click-7' };
    const fields = { subject: 'Zweite Antwort', body: 'Noch ein Dokument.' };
    const withFile = await postReply(url, admin, inquiry.id, fields, [pdfFile('plan.pdf')], headers);
    expect(withFile.status, withFile.text).toBe(201);
    const objects = await storedObjects(app);
    const repeated = await postReply(url, admin, inquiry.id, fields, [pdfFile('plan.pdf')], headers);
    expect(repeated.status, repeated.text).toBe(200);
    expect(repeated.body.id).toBe(withFile.body.id);
    // Both at once: one of them stores, the other answers it.
    const both = await Promise.all(
      [1, 2].map(() => api(url, 'POST', replyUrl(inquiry.id), { token: admin, body: { ...body, key: 'same-time' } })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    await until(() => repliesIn(smtp, 'Zweite Antwort').length === 1 || undefined);
    await new Promise((r) => setTimeout(r, 500));
    expect(await storedObjects(app)).toEqual(objects);
    expect(repliesIn(smtp, 'Ihr Angebot')).toHaveLength(2);
    expect(repliesIn(smtp, 'Zweite Antwort')).toHaveLength(1);
    const queued = await app.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'reply').execute();
    expect(queued).toHaveLength(3);
  });

  it('refuses bad input, spam, an inquiry of a type the user may not see, and a site without a mail server; never 500', async () => {
    const smtp = await SmtpSink.start();
    const { url, app } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const { inquiry } = await answeredInquiry(url, smtp);
    const spam = (await postContact(url, { ...generalMessage, website: 'http://spam.example' })).body;
    const admin = await signIn(url);
    const hr = (await signedInAs(url, admin, 'hr', 'inbox', { inquiryTypes: ['application'] })).token;
    const objects = await storedObjects(app);
    const valid = { subject: 'Antwort', body: 'Text' };
    const refusals: [string, Promise<{ status: number; body: any }>, number, string?][] = [
      [
        'empty subject',
        api(url, 'POST', replyUrl(inquiry.id), { token: admin, body: { ...valid, subject: '  ' } }),
        400,
        'subject',
      ],
      ['no body', api(url, 'POST', replyUrl(inquiry.id), { token: admin, body: { subject: 'Antwort' } }), 400, 'body'],
      ['a subject of two lines', postReply(url, admin, inquiry.id, { ...valid, subject: 'a\nBcc: x@y.example' }), 400, 'subject'],
      ['an unknown field', api(url, 'POST', replyUrl(inquiry.id), { token: admin, body: { ...valid, to: 'x@y.example' } }), 400],
      [
        'a program',
        postReply(url, admin, inquiry.id, valid, [
          { name: 'angebot.exe', type: 'application/octet-stream', data: Buffer.from('MZ\x90\x00'.repeat(64)) },
        ]),
        415,
        'attachment',
      ],
      ['a file too large', postReply(url, admin, inquiry.id, valid, [pdfFile('gross.pdf', 10 * 1024 * 1024)]), 413],
      [
        'a key that is no key',
        api(url, 'POST', replyUrl(inquiry.id), { token: admin, body: valid, headers: { 'idempotency-key': 'a b/c' } }),
        400,
        'Idempotency-Key',
      ],
      ['an unknown inquiry', api(url, 'POST', replyUrl(inquiry.id + 1000), { token: admin, body: valid }), 404],
      ['a spam inquiry', api(url, 'POST', replyUrl(spam.id), { token: admin, body: valid }), 409],
      ['a price inquiry, by an applications-only user', api(url, 'POST', replyUrl(inquiry.id), { token: hr, body: valid }), 404],
    ];
    for (const [what, answer, status, field] of refusals) {
      const res = await answer;
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(status);
      if (field)
        expect(
          res.body.errors.map((e: { field: string }) => e.field),
          what,
        ).toContain(field);
    }
    expect(await storedObjects(app)).toEqual(objects);
    expect(await app.db.selectFrom('inquiry_replies').selectAll().execute()).toEqual([]);
    expect((await api(url, 'GET', one(inquiry.id), { token: admin })).body.status).toBe('new');
  });

  it('lets the retention take an inquiry with its replies and their files', async () => {
    const smtp = await SmtpSink.start();
    const { url, app } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const application = { ...generalMessage, subject: 'application' };
    const { inquiry } = await answeredInquiry(url, smtp, application);
    const admin = await signIn(url);
    const sent = await postReply(url, admin, inquiry.id, { subject: 'Ihre Bewerbung', body: 'Danke!' }, [pdfFile('termin.pdf')]);
    expect(sent.status, sent.text).toBe(201);
    await until(() => repliesIn(smtp, 'Ihre Bewerbung').length || undefined);
    expect(await storedObjects(app)).toHaveLength(1);
    // Applications are kept 180 days by default.
    expect(await applyRetention(app.db, app.attachments, new Date(Date.now() + 181 * 24 * 3600_000))).toBe(1);
    expect(await storedObjects(app)).toEqual([]);
    expect(await app.db.selectFrom('inquiry_reply_attachments').selectAll().execute()).toEqual([]);
  });

  it('refuses a reply while no mail server is set: it would only reach the log', async () => {
    const { url } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    const inquiry = (await postContact(url, priceInquiry)).body;
    const admin = await signIn(url);
    const res = await api(url, 'POST', replyUrl(inquiry.id), { token: admin, body: { subject: 'Antwort', body: 'Text' } });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/mail server/);
  });

  it('keeps reply templates: the shipped ones, an admin saves the list, an inbox user may read but not save', async () => {
    const { url } = await startTestApp(kind);
    const admin = await signIn(url);
    const inbox = (await signedInAs(url, admin, 'office', 'inbox')).token;
    const shipped = await api(url, 'GET', templatesUrl, { token: inbox });
    expect(shipped.status).toBe(200);
    expect(shipped.body.map((t: { id: string; language: string }) => `${t.id}:${t.language}`)).toEqual([
      'offer-de:de',
      'details-de:de',
      'offer-en:en',
      'details-en:en',
    ]);
    expect(shipped.body[0].body).toContain('{{firstName}} {{lastName}}');

    const list = [
      { ...shipped.body[0], subject: 'Unser Angebot für Sie ({{reference}})' },
      { name: 'Termin', language: 'de', subject: 'Terminvorschlag', body: 'Guten Tag {{firstName}},\n\npasst Ihnen der …?' },
    ];
    const saved = await api(url, 'PUT', templatesUrl, { token: admin, body: list });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body[0].id).toBe('offer-de');
    expect(saved.body[1].id).toMatch(/^t-[a-f0-9]{12}$/);
    expect((await api(url, 'GET', templatesUrl, { token: inbox })).body).toEqual(saved.body);
    // Saved back as read: ids kept.
    expect((await api(url, 'PUT', templatesUrl, { token: admin, body: saved.body })).body).toEqual(saved.body);

    expect((await api(url, 'PUT', templatesUrl, { token: inbox, body: list })).status).toBe(403);
    for (const bad of [
      [{ ...list[1], language: 'fr' }],
      [{ ...list[1], subject: '' }],
      [{ ...list[1], subject: 'zwei\nZeilen' }],
      [{ ...list[1], body: '' }],
      { templates: list },
    ]) {
      const res = await api(url, 'PUT', templatesUrl, { token: admin, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await api(url, 'GET', templatesUrl, { token: admin })).body).toEqual(saved.body);
    const audit = await api(url, 'GET', `${apiUrl(apiRoutes.audit.list)}?Item=replyTemplates`, { token: admin });
    expect(audit.body.data.map((e: { action: string }) => e.action)).toEqual(['update']);
  });
});
