import { describe, expect, it } from 'vitest';
import {
  type MailTemplate,
  auditListSchema,
  mailPreviewSchema,
  mailTemplateListSchema,
  mailTemplateSchema,
  mailTemplateTestResultSchema,
} from '@blitz/contract';
import { SmtpSink } from '../../test/smtp-sink';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { generalMessage, pdfFile, postContact, priceInquiry } from '../contact/contact.test-kit';

const fastMail = {
  MAIL_POLL_MS: '50',
  MAIL_RETRY_BASE_MS: '100',
  CONTACT_MIN_FILL_SECONDS: '0',
  CONTACT_TO: 'inbox@company.example',
};
const application = { ...generalMessage, subject: 'application' };
const twoWeeks = 'Wir antworten innerhalb von zwei Wochen.';

async function templates(url: string, token: string): Promise<MailTemplate[]> {
  const res = await api(url, 'GET', '/api/v1/MailTemplate', { token });
  expect(res.status).toBe(200);
  return mailTemplateListSchema.parse(res.body).data;
}

const find = (list: MailTemplate[], type: string, kind: string, language: string) =>
  list.find((t) => t.type === type && t.kind === kind && t.language === language)!;

/** Gives the signed-in admin an e-mail address; the change of the account ends its sign-ins, so it signs in anew. */
async function withAddress(url: string, token: string): Promise<string> {
  const users = (await api(url, 'GET', '/api/v1/User', { token })).body as { data: { id: number; username: string }[] };
  const me = users.data.find((u) => u.username === 'admin')!;
  expect((await api(url, 'PUT', '/api/v1/User', { token, body: { id: me.id, email: 'admin@company.example' } })).status).toBe(
    200,
  );
  return signIn(url);
}

const fields = (body: { errors?: { field: string; message: string }[] }) => (body.errors ?? []).map((e) => [e.field, e.message]);

describe.each(databaseKinds)('mail templates API on %s', (kind) => {
  it('lists every type × kind × language with the shipped words, and takes back exactly what it answered', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const list = await templates(url, token);
    expect(list).toHaveLength(3 * 2 * 2);
    const confirmation = find(list, 'application', 'confirmation', 'de');
    expect(confirmation).toMatchObject({ isDefault: true, updatedAt: null, subject: confirmation.defaultSubject });
    expect(confirmation.body).toContain('vielen Dank für Ihre Anfrage an {companyName}');
    expect(find(list, 'priceInquiry', 'notification', 'en').subject).toBe('{typeAndJob} from {visitorAndCompany} [{reference}]');

    // Saved back as read: the shipped words, so still no template of its own.
    const same = await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: confirmation });
    expect(same.status).toBe(200);
    expect(mailTemplateSchema.parse(same.body)).toEqual(confirmation);
    expect(await templates(url, token)).toEqual(list);

    expect((await api(url, 'GET', '/api/v1/MailTemplate')).status).toBe(401);
    expect((await api(url, 'PUT', '/api/v1/MailTemplate', { body: confirmation })).status).toBe(401);
    expect((await api(url, 'POST', '/api/v1/MailTemplate/Preview', { body: confirmation })).status).toBe(401);
  });

  it('refuses an unknown placeholder naming it, what the visitor typed in the confirmation, and an unknown type; nothing is saved', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const before = await templates(url, token);
    const template = { type: 'application', kind: 'confirmation', language: 'de', subject: 'Ihre Bewerbung {reference}' };
    const unknown = await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: { ...template, body: 'Hallo {visitorNam},' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('validation');
    expect(fields(unknown.body)).toEqual([['body', expect.stringContaining('unknown placeholder {visitorNam}')]]);

    const typed = await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: { ...template, body: 'Hallo {visitorName},' } });
    expect(typed.status).toBe(400);
    expect(fields(typed.body)).toEqual([
      [
        'body',
        expect.stringContaining('{visitorName} is not allowed in the confirmation: it never repeats what the visitor typed'),
      ],
    ]);
    // The same placeholder is the notification's to use.
    const notification = { ...template, kind: 'notification', body: 'Von {visitorName}:\n{message}' };
    expect((await api(url, 'POST', '/api/v1/MailTemplate/Preview', { token, body: notification })).status).toBe(200);

    const bad = [
      [{ ...template, body: 'x', type: 'complaint' }, 'type'],
      [{ ...template, body: 'x', type: '../x' }, 'type'],
      [{ ...template, body: 'x', kind: 'reminder' }, 'kind'],
      [{ ...template, body: 'x', language: 'fr' }, 'language'],
      [{ ...template, body: 'x', subject: 'Zeile 1\nBcc: x@y.z' }, 'subject'],
      [{ ...template, body: 'x', subject: '{fieldsSent}' }, 'subject'],
      [{ ...template, body: 'x'.repeat(10_001) }, 'body'],
      [{ ...template, body: '   ' }, 'body'],
    ] as const;
    for (const [body, field] of bad) {
      for (const route of ['/api/v1/MailTemplate', '/api/v1/MailTemplate/Preview']) {
        const res = await api(url, route.endsWith('Preview') ? 'POST' : 'PUT', route, { token, body });
        expect(res.status, `${route} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(fields(res.body).map(([f]) => f)).toContain(field);
      }
    }
    expect((await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: 'not json' })).status).toBe(400);
    expect(await templates(url, token)).toEqual(before);
  });

  it('writes the saved confirmation into the real mail, in the visitor’s language; a reset gives the shipped text again', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const token = await signIn(url);
    const read = find(await templates(url, token), 'application', 'confirmation', 'de');
    const body = read.body.replace('Wir haben sie erhalten und melden uns so bald wie möglich.', twoWeeks);
    const saved = await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: { ...read, body } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ body, isDefault: false, updatedAt: expect.any(String) });

    const sent = await postContact(url, application, [pdfFile('Lebenslauf Erika.pdf')]);
    expect(sent.status).toBe(201);
    // Another type and the other language keep the shipped words.
    expect((await postContact(url, { ...application, email: 'en@example.org', language: 'en' })).status).toBe(201);
    expect((await postContact(url, { ...generalMessage, email: 'general@example.org' })).status).toBe(201);
    const mails = await smtp.waitFor(6);
    const confirmation = mails.find((m) => m.to.includes('erika@example.org'))!;
    expect(confirmation.mail.subject).toBe(`Ihre Anfrage bei Musterblitz (Referenz ${sent.body.reference})`);
    expect(confirmation.mail.text).toContain(`vielen Dank für Ihre Anfrage an Musterblitz. ${twoWeeks}`);
    expect(confirmation.mail.text).toContain(`Ihre Referenznummer: ${sent.body.reference}`);
    expect(confirmation.mail.text).toContain('Anhänge (1):\n- PDF-Dokument');
    // Still nothing the visitor typed.
    for (const typed of ['Erika', 'Musterfrau', 'Bitte rufen', 'Lebenslauf']) expect(confirmation.mail.text).not.toContain(typed);
    const english = mails.find((m) => m.to.includes('en@example.org'))!;
    expect(english.mail.subject).toMatch(/^Your request to Musterblitz \(reference /);
    expect(english.mail.text).toContain('We have received your request and will get back to you as soon as we can.');
    expect(english.mail.text).toContain('Type of request: Application');
    const general = mails.find((m) => m.to.includes('general@example.org'))!;
    expect(general.mail.text).toContain('Wir haben sie erhalten und melden uns so bald wie möglich.');

    const reset = await api(url, 'PUT', '/api/v1/MailTemplate', {
      token,
      body: { ...saved.body, subject: read.defaultSubject, body: read.defaultBody },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ isDefault: true, updatedAt: null, body: read.defaultBody });
    const again = await postContact(url, { ...application, email: 'again@example.org' });
    expect(again.status).toBe(201);
    const afterReset = (await smtp.waitFor(8)).find((m) => m.to.includes('again@example.org'))!;
    // The mail's text as sent (the parser adds a final line break).
    expect(afterReset.mail.text!.trimEnd()).toBe(
      [
        'Guten Tag,',
        '',
        'vielen Dank für Ihre Anfrage an Musterblitz. Wir haben sie erhalten und melden uns so bald wie möglich.',
        '',
        `Ihre Referenznummer: ${again.body.reference}`,
        'Art der Anfrage: Bewerbung',
        '',
        'Sie haben uns übermittelt:',
        '- Vorname',
        '- Nachname',
        '- Telefon',
        '- E-Mail-Adresse',
        `- Nachricht (${application.message.length} Zeichen)`,
        '',
        'Anhänge: keine',
        '',
        'Sie haben diese Anfrage nicht gestellt? Dann können Sie diese E-Mail ignorieren.',
        '',
        'Musterblitz Blitzschutz GmbH',
        'Musterstraße 1, 63450 Hanau',
        '+49 6181 000000 · info@example.com',
      ].join('\n'),
    );
  });

  it('writes the notification in the language the mail settings choose, with the visitor’s words escaped in its HTML', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const token = await signIn(url);
    const settings = (await api(url, 'GET', '/api/v1/Settings/Mail', { token })).body;
    expect(settings.notificationLanguage).toBeUndefined();
    const english = await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: { ...settings, notificationLanguage: 'en' } });
    expect(english.status).toBe(200);
    expect((await api(url, 'GET', '/api/v1/Settings/Mail', { token })).body.notificationLanguage).toBe('en');
    const read = find(await templates(url, token), 'priceInquiry', 'notification', 'en');
    const saved = await api(url, 'PUT', '/api/v1/MailTemplate', {
      token,
      body: {
        ...read,
        subject: 'Sales <lead>: {visitorName} [{reference}]',
        body: `To sales & co: {visitorName} wrote\n\n{fields}\n\n{message}`,
      },
    });
    expect(saved.status).toBe(200);
    const sent = await postContact(url, { ...priceInquiry, message: '<b>fett</b>\nNachricht:' });
    expect(sent.status).toBe(201);
    const toCompany = (await smtp.waitFor(2)).find((m) => m.to.includes('inbox@company.example'))!;
    expect(toCompany.mail.subject).toBe(`Sales <lead>: Erika Musterfrau [${sent.body.reference}]`);
    const text = toCompany.mail.text!;
    expect(text).toMatch(/^To sales & co: Erika Musterfrau wrote\n\nType of request: Price inquiry\nReference: /);
    expect(text).toContain('Company address:\n    Hafenstraße 5\n    60311 Frankfurt');
    expect(text).toContain('Areas of interest: Lightning protection system, Earthing system');
    expect(text).toContain('Language of the website: German');
    expect(text).toMatch(/\n\n {4}<b>fett<\/b>\n {4}Nachricht:$/);
    const html = String(toCompany.mail.html);
    expect(html).toContain('<p>To sales &#38; co: Erika Musterfrau wrote</p>');
    expect(html).toMatch(/<th[^>]*>Company address<\/th><td[^>]*>Hafenstraße 5\n60311 Frankfurt<\/td>/);
    expect(html).toContain('&#60;b&#62;fett&#60;/b&#62;');
    expect(html).not.toContain('<b>');
  });

  it('previews a template with a sample inquiry and the saved company, and sends it to the signed-in admin only', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { SMTP_URL: smtp.url });
    const token = await signIn(url);
    const template = {
      type: 'application',
      kind: 'confirmation',
      language: 'en',
      subject: 'Your application to {companyName}',
      body: 'Position: {jobTitle}\n{{literal}} {typeAndJob}\nAnliegen: {regards}\n\n{fieldsSent}',
    };
    const preview = await api(url, 'POST', '/api/v1/MailTemplate/Preview', { token, body: template });
    expect(preview.status).toBe(200);
    expect(mailPreviewSchema.parse(preview.body)).toEqual({
      subject: 'Your application to Musterblitz',
      // The empty regards' line is left out.
      text: [
        'Position: Lightning protection installer (m/f/d)',
        '{literal} Application: Lightning protection installer (m/f/d)',
        '',
        '- First name\n- Last name\n- Phone\n- E-mail address\n- Message (76 characters)',
      ].join('\n'),
      html: null,
    });
    const notification = await api(url, 'POST', '/api/v1/MailTemplate/Preview', {
      token,
      body: { ...template, kind: 'notification', language: 'de', body: 'Neu <von> {visitorName}\n{fields}' },
    });
    expect(notification.body.html).toMatch(/^<p>Neu &#60;von&#62; Max Mustermann<\/p>\n<table/);
    expect(notification.body.text).toContain('Stelle: Blitzschutzmonteur (m/w/d)');
    // Nothing was saved by a preview.
    expect(find(await templates(url, token), 'application', 'confirmation', 'en').isDefault).toBe(true);

    // The admin has no e-mail address yet: refused, saying why.
    const noAddress = await api(url, 'POST', '/api/v1/MailTemplate/Test', { token, body: template });
    expect(noAddress.status).toBe(409);
    expect(noAddress.body.code).toBe('no_mail_address');
    const signedIn = await withAddress(url, token);
    const sent = await api(url, 'POST', '/api/v1/MailTemplate/Test', { token: signedIn, body: template });
    expect(mailTemplateTestResultSchema.parse(sent.body)).toEqual({
      address: 'admin@company.example',
      accepted: true,
      error: null,
      reason: null,
    });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['admin@company.example']);
    expect(smtp.received[0]!.mail.subject).toBe('Test: Your application to Musterblitz');
    expect(smtp.received[0]!.mail.text).toContain('Position: Lightning protection installer (m/f/d)');
    const refused = await api(url, 'POST', '/api/v1/MailTemplate/Test', {
      token: signedIn,
      body: { ...template, body: '{message}' },
    });
    expect(refused.status).toBe(400);
  });

  it('says that nothing was sent when no mail server is set up', async () => {
    const { url } = await startTestApp(kind);
    const token = await withAddress(url, await signIn(url));
    const template = find(await templates(url, token), 'generalMessage', 'notification', 'de');
    const res = await api(url, 'POST', '/api/v1/MailTemplate/Test', { token, body: template });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      address: 'admin@company.example',
      accepted: false,
      error: expect.stringContaining('SMTP_URL'),
      reason: 'noMailServer',
    });
  });

  it('records every save before → after, and refuses a save of a version changed since it was read', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const read = find(await templates(url, token), 'application', 'confirmation', 'de');
    const body = read.body.replace('Wir haben sie erhalten und melden uns so bald wie möglich.', twoWeeks);
    const first = await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: { ...read, body } });
    expect(first.status).toBe(200);
    // A second tab still holding the first read.
    const stale = await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: { ...read, subject: 'Anders' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: 'edit_conflict',
      currentVersion: first.body.updatedAt,
      changedBy: { name: 'admin' },
    });
    const second = await api(url, 'PUT', '/api/v1/MailTemplate', {
      token,
      body: { ...first.body, subject: 'Ihre Bewerbung ({reference})' },
    });
    expect(second.status).toBe(200);

    const trail = auditListSchema.parse((await api(url, 'GET', '/api/v1/Audit?Item=mailTemplate', { token })).body).data;
    expect(trail.map((e) => [e.action, e.item.id, e.changes])).toEqual([
      [
        'update',
        'application.confirmation.de',
        [{ field: 'subject', before: read.subject, after: 'Ihre Bewerbung ({reference})' }],
      ],
      [
        'update',
        'application.confirmation.de',
        [
          {
            field: 'body',
            before: 'vielen Dank für Ihre Anfrage an {companyName}. Wir haben sie erhalten und melden uns so bald wie möglich.',
            after: `vielen Dank für Ihre Anfrage an {companyName}. ${twoWeeks}`,
          },
        ],
      ],
    ]);
  });
});
