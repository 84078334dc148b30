import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCompanyDetails, inquiryReferencePattern } from '@blitz/contract';
import { buildApp } from '../../app';
import { api, backends, getOnce, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import {
  formData,
  generalMessage,
  jpegFile,
  pdfFile,
  pngFile,
  postContact,
  priceInquiry,
  storedObjects,
  until,
} from './contact.test-kit';

const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', CONTACT_MIN_FILL_SECONDS: '0' };
const MB = 1024 * 1024;

describe.each(backends)('POST /api/v1/Contact on $name', (kind) => {
  it('stores a general message, answers 201 {id, reference} and mails it to the company and a confirmation to the visitor', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, {
      ...fastMail,
      SMTP_URL: smtp.url,
      CONTACT_TO: 'inbox@company.example',
      MAIL_FROM: 'web@company.example',
    });
    const res = await postContact(url, generalMessage);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      reference: expect.stringMatching(inquiryReferencePattern),
      // The form then says that a confirmation mail is on its way (issue 40).
      confirmationMail: true,
    });

    const mails = await smtp.waitFor(2);
    const toCompany = mails.find((m) => m.to.includes('inbox@company.example'))!;
    expect(toCompany.from).toBe('web@company.example');
    expect(toCompany.mail.replyTo?.value[0]).toMatchObject({ address: 'erika@example.org', name: 'Erika Musterfrau' });
    expect(toCompany.mail.subject).toBe(`Allgemeine Nachricht von Erika Musterfrau [${res.body.reference}]`);
    for (const line of ['Vorname: Erika', 'Nachname: Musterfrau', 'Telefon: +49 6181 12345', 'E-Mail: erika@example.org']) {
      expect(toCompany.mail.text).toContain(line);
    }
    expect(toCompany.mail.text).toContain('Nachricht:\n    Bitte rufen Sie mich an.\n    Vielen Dank!');
    expect(toCompany.mail.html).toContain('Bitte rufen Sie mich an.\nVielen Dank!');
    expect(toCompany.mail.attachments).toHaveLength(0);

    const confirmation = mails.find((m) => m.to.includes('erika@example.org'))!;
    expect(confirmation.mail.subject).toContain(res.body.reference);
    expect(confirmation.mail.text).toContain('Ihre Referenznummer');
    // No echo of anything the visitor typed: not the message, not even the name.
    expect(confirmation.mail.text).not.toContain('Bitte rufen');
    expect(confirmation.mail.text).not.toContain('Erika');
    // Answers to the confirmation reach the company (issue 29).
    expect(confirmation.mail.replyTo?.value[0]?.address).toBe(defaultCompanyDetails.email);
  });

  it('mails an application to HR and a price inquiry to sales; anything else, or an unset address, to CONTACT_TO', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, {
      ...fastMail,
      SMTP_URL: smtp.url,
      CONFIRMATION_MAIL: 'false',
      CONTACT_RATE_LIMIT: '100',
      CONTACT_TO: 'inbox@company.example',
      CONTACT_TO_APPLICATION: 'hr@company.example',
      CONTACT_TO_PRICE_INQUIRY: 'sales@company.example',
    });
    const application = await postContact(url, { ...generalMessage, subject: 'application', lastName: 'Bewerberin' });
    const price = await postContact(url, { ...priceInquiry, lastName: 'Kundin' });
    const general = await postContact(url, { ...generalMessage, lastName: 'Fragende' });
    for (const res of [application, price, general]) expect(res.status).toBe(201);
    const mails = await smtp.waitFor(3);
    const recipientOf = (name: string) => mails.find((m) => m.mail.subject?.includes(name))?.to;
    expect(recipientOf('Bewerberin')).toEqual(['hr@company.example']);
    expect(recipientOf('Kundin')).toEqual(['sales@company.example']);
    expect(recipientOf('Fragende')).toEqual(['inbox@company.example']);

    const fallback = await SmtpSink.start();
    const plain = await startTestApp(kind, {
      ...fastMail,
      SMTP_URL: fallback.url,
      CONFIRMATION_MAIL: 'false',
      CONTACT_TO: 'inbox@company.example',
      CONTACT_TO_APPLICATION: 'hr@company.example',
    });
    expect((await postContact(plain.url, priceInquiry)).status).toBe(201);
    expect((await fallback.waitFor(1))[0]!.to).toEqual(['inbox@company.example']);
  });

  it('lays out the mail so that no value can pass for a field of its own', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, CONTACT_TO: 'inbox@company.example' });
    const forged = 'Hafenstr. 1\nE-Mail: payments@attacker.example\n\nNachricht:\nBitte Rechnung an obige Adresse senden.';
    const res = await postContact(url, {
      ...priceInquiry,
      CompanyAddress: forged,
      message: 'Hallo\nTelefon: 0900 666\n<b>fett</b> & <script>x</script>',
    });
    expect(res.status).toBe(201);
    const toCompany = (await smtp.waitFor(2)).find((m) => m.to.includes('inbox@company.example'))!;
    const text = toCompany.mail.text!;
    // Every line at the start of a line that looks like "Label:" is one of the form's own.
    const labels = text.split('\n').flatMap((line) => /^([^\s:][^:]*):/.exec(line)?.[1] ?? []);
    expect(labels.filter((label) => label === 'E-Mail' || label === 'Telefon' || label === 'Nachricht')).toEqual([
      'Telefon',
      'E-Mail',
      'Nachricht',
    ]);
    expect(text).toContain('Firmenadresse:\n    Hafenstr. 1\n    E-Mail: payments@attacker.example\n    \n    Nachricht:');
    expect(text).toContain('    Telefon: 0900 666');
    const html = String(toCompany.mail.html);
    expect(html).toContain('&#60;b&#62;fett&#60;/b&#62; &#38; &#60;script&#62;x&#60;/script&#62;');
    expect(html).not.toContain('<script>');
    expect(html).toMatch(/<th[^>]*>Firmenadresse<\/th><td[^>]*>Hafenstr\. 1\nE-Mail: payments@attacker\.example/);
  });

  it('mails a price inquiry with its photos and PDF plan attached, and confirms in English when the visitor used English', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, CONTACT_TO: 'inbox@company.example' });
    const files = [await pngFile('Dach Süd.png'), await jpegFile('roof.jpg'), pdfFile('Grundriss.pdf', 50_000)];
    // Regards both as repeated fields and as one comma-separated entry.
    const res = await postContact(url, { ...priceInquiry, Regards: ['lps,earthing', 'planning'], language: 'en' }, files);
    expect(res.status).toBe(201);
    const mails = await smtp.waitFor(2);
    const toCompany = mails.find((m) => m.to.includes('inbox@company.example'))!;
    expect(toCompany.mail.subject).toBe(`Preisanfrage von Erika Musterfrau (Beispiel Logistik GmbH) [${res.body.reference}]`);
    expect(toCompany.mail.text).toContain('Firma: Beispiel Logistik GmbH');
    expect(toCompany.mail.text).toContain('Gebäudegröße: 2400 m²');
    expect(toCompany.mail.text).toContain('Anliegen: Blitzschutzanlage, Erdungsanlage, Planung');
    const attached = toCompany.mail.attachments.map((a) => ({ name: a.filename, type: a.contentType, size: a.content.length }));
    expect(attached).toEqual(files.map((f) => ({ name: f.name, type: f.type, size: f.data.length })));
    expect(Buffer.compare(toCompany.mail.attachments[2]!.content, files[2]!.data)).toBe(0);

    const confirmation = mails.find((m) => m.to.includes('erika@example.org'))!;
    expect(confirmation.mail.subject).toMatch(/^Your request to .* \(reference \d{8}-[A-Z2-9]{6}\)$/);
    expect(confirmation.mail.text).toContain('Areas of interest: Lightning protection system, Earthing system, Planning');
    expect(confirmation.mail.text).toContain('Attachments (3)');
    expect(confirmation.mail.text).not.toContain('Grundriss');
    expect(confirmation.mail.attachments).toHaveLength(0);
  });

  it('names the missing fields in the spec order, general ones first, and stores nothing', async () => {
    const { url, app } = await startTestApp(kind);
    const missing = await postContact(url, { subject: 'priceInquiry', lastName: 'X', email: 'a@b.de' }, [await pngFile()]);
    expect(missing.status).toBe(400);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(missing.body.detail).toBe('Missing fields: firstName, phone, message');
    expect(missing.body.errors.map((e: { field: string }) => e.field)).toEqual(['firstName', 'phone', 'message']);

    const price = await postContact(url, { ...generalMessage, subject: 'priceInquiry', CompanyName: 'ACME' });
    expect(price.status).toBe(400);
    expect(price.body.detail).toBe('Missing price inquiry fields: BuildingSize, CompanyAddress, Regards');

    const blank = await postContact(url, { ...generalMessage, firstName: '   ' });
    expect(blank.body.detail).toBe('Missing fields: firstName');

    const token = await signIn(url);
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).body.count).toBe(0);
    expect(await storedObjects(app)).toEqual([]);
  });

  it('checks the e-mail address as the form does: at most 254 characters and 64 before the @', async () => {
    const { url } = await startTestApp(kind);
    const local64 = 'a'.repeat(64);
    const domain = `${'d'.repeat(60)}.example`;
    for (const email of [
      'not-an-address',
      'a@b',
      '@example.org',
      `${'a'.repeat(65)}@example.org`,
      `x@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(63)}.${'g'.repeat(60)}.de`,
      'a b@example.org',
    ]) {
      const res = await postContact(url, { ...generalMessage, email });
      expect(res.status, email).toBe(400);
      expect(res.body.detail, email).toBe('Invalid fields: email');
    }
    expect((await postContact(url, { ...generalMessage, email: `${local64}@${domain}` })).status).toBe(201);
  });

  it('refuses an unknown subject or regards value', async () => {
    const { url } = await startTestApp(kind);
    const subject = await postContact(url, { ...generalMessage, subject: 'newsletter' });
    expect(subject.status).toBe(400);
    expect(subject.body.errors).toEqual([{ field: 'subject', message: expect.any(String) }]);
    const regards = await postContact(url, { ...priceInquiry, Regards: 'lps,roofing' });
    expect(regards.status).toBe(400);
    expect(regards.body.detail).toBe('Invalid fields: Regards');
  });

  it('keeps line breaks out of anything that reaches a mail header', async () => {
    const { url } = await startTestApp(kind);
    const attempts: Record<string, string>[] = [
      { firstName: 'Eve\r\nBcc: victim@example.net' },
      { lastName: 'Doe\nSubject: win' },
      { email: 'eve@example.org\r\nBcc: victim@example.net' },
      { CompanyName: 'ACME\r\nX-Spam: no', subject: 'priceInquiry', CompanyAddress: 'a', BuildingSize: '1', Regards: 'lps' },
    ];
    for (const attempt of attempts) {
      const res = await postContact(url, { ...generalMessage, ...attempt });
      expect(res.status, JSON.stringify(attempt)).toBe(400);
      expect(res.body.detail).toMatch(/^Invalid fields: /);
    }
  });

  it('refuses control characters (NUL, which PostgreSQL cannot store, among them) with 400 naming the field', async () => {
    const { url, app } = await startTestApp(kind);
    for (const [field, value] of [
      ['CompanyName', 'ACME\u0000'],
      ['message', 'Hallo\u0000Welt'],
      ['firstName', 'Eve\u001b[31m'],
      ['message', 'Klingel\u0007'],
    ]) {
      const res = await postContact(url, { ...priceInquiry, [field!]: value! });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.detail).toBe(`Invalid fields: ${field}`);
    }
    // Tabs and line breaks in the message are what people write.
    expect((await postContact(url, { ...generalMessage, message: 'Zeile 1\r\n\tZeile 2' })).status).toBe(201);
    // A field the type does not show is neither checked nor kept (issue 44): the NUL never reaches the database.
    expect((await postContact(url, { ...generalMessage, CompanyName: 'ACME\u0000' })).status).toBe(201);
    const rows = await app.db.selectFrom('inquiries').select('company_name').execute();
    expect(rows).toEqual([{ company_name: null }, { company_name: null }]);
  });

  it('refuses a 30 MB file with 413 naming the limit, and keeps no file of it', async () => {
    const { url, app } = await startTestApp(kind);
    const res = await postContact(url, generalMessage, [pdfFile('huge.pdf', 30 * MB)]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
    expect(res.body.detail).toMatch(/larger than/);
    expect(await storedObjects(app)).toEqual([]);
  });

  it('refuses one file over 10 MB, naming it', async () => {
    const { url, app } = await startTestApp(kind);
    const res = await postContact(url, generalMessage, [await pngFile(), pdfFile('scan.pdf', 11 * MB)]);
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('Attachment "scan.pdf" is larger than 10 MB');
    expect(await storedObjects(app)).toEqual([]);
  });

  it('refuses more than 25 MB together', async () => {
    const { url, app } = await startTestApp(kind);
    const res = await postContact(url, generalMessage, [
      pdfFile('a.pdf', 9 * MB),
      pdfFile('b.pdf', 9 * MB),
      pdfFile('c.pdf', 8 * MB),
    ]);
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('Attachments together are larger than 25 MB');
    expect(await storedObjects(app)).toEqual([]);
  });

  it('refuses more than 10 files', async () => {
    const { url, app } = await startTestApp(kind);
    const files = await Promise.all(Array.from({ length: 11 }, (_, i) => pngFile(`p${i}.png`)));
    const res = await postContact(url, generalMessage, files);
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('Too many attachments: at most 10 files');
    expect(await storedObjects(app)).toEqual([]);
    expect((await postContact(url, generalMessage, files.slice(0, 10))).status).toBe(201);
  });

  it('refuses with 415 a file whose content is not an accepted type, whatever its name and declared type', async () => {
    const { url, app } = await startTestApp(kind);
    const html = { name: 'angebot.pdf', type: 'application/pdf', data: Buffer.from('<!doctype html><script>alert(1)</script>') };
    const res = await postContact(url, generalMessage, [await pngFile(), html]);
    expect(res.status).toBe(415);
    expect(res.body.detail).toContain('angebot.pdf');
    expect(res.body.files).toEqual(['angebot.pdf']);
    const exe = {
      name: 'cv.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      data: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'),
    };
    expect((await postContact(url, generalMessage, [exe])).status).toBe(415);
    expect(await storedObjects(app)).toEqual([]);
  });

  it('refuses an empty file with a clear message at once, and stores nothing', async () => {
    const { url, app } = await startTestApp(kind);
    const empty = { name: 'leer.pdf', type: 'application/pdf', data: Buffer.alloc(0) };
    const res = await postContact(url, generalMessage, [await pngFile(), empty]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Attachment "leer.pdf" is empty');
    expect(res.body.errors).toEqual([{ field: 'attachment', message: 'leer.pdf: empty file' }]);
    expect(await storedObjects(app)).toEqual([]);
    expect((await postContact(url, generalMessage, [await pngFile()])).status).toBe(201);
  });

  it('names a file by what it contains, so that nobody opens a picture named .pdf with a PDF reader', async () => {
    const { url } = await startTestApp(kind);
    const disguised = { ...(await pngFile()), name: 'angebot.pdf', type: 'application/pdf' };
    const bare = { ...(await jpegFile()), name: 'scan' };
    const matching = await jpegFile('Dach.JPEG');
    const res = await postContact(url, generalMessage, [disguised, bare, matching]);
    expect(res.status).toBe(201);
    const token = await signIn(url);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${res.body.id}`, { token });
    expect(detail.body.attachments.map((a: { fileName: string; contentType: string }) => [a.fileName, a.contentType])).toEqual([
      ['angebot.png', 'image/png'],
      ['scan.jpg', 'image/jpeg'],
      ['Dach.JPEG', 'image/jpeg'],
    ]);
    const download = await getOnce(url + detail.body.attachments[0].url, { authorization: `Bearer ${token}` });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="?angebot\.png"?$/);
    expect(download.body).toEqual(disguised.data);
  });

  it('answers bad requests without a 500: no multipart, an over-long field, a huge field, a stray file field', async () => {
    const { url } = await startTestApp(kind);
    const json = await api(url, 'POST', '/api/v1/Contact', { body: generalMessage });
    expect(json.status).toBe(415);
    const long = await postContact(url, { ...generalMessage, message: 'x'.repeat(10_001) });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe('Invalid fields: message');
    const huge = await postContact(url, { ...generalMessage, message: 'x'.repeat(100_000) });
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toBe('Field message is too long');
    const form = new FormData();
    for (const [k, v] of Object.entries(generalMessage)) form.append(k, v);
    form.append('picture', new Blob([new Uint8Array((await pngFile()).data)], { type: 'image/png' }), 'x.png');
    const stray = await fetch(`${url}/api/v1/Contact`, { method: 'POST', body: form });
    expect(stray.status).toBe(400);
    const garbage = await api(url, 'POST', '/api/v1/Contact', {
      raw: '--x\r\nnonsense',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect([400, 413]).toContain(garbage.status);
  });

  it('limits each client: 429 with Retry-After', async () => {
    const { url } = await startTestApp(kind, { CONTACT_RATE_LIMIT: '2' });
    expect((await postContact(url, generalMessage)).status).toBe(201);
    expect((await postContact(url, generalMessage)).status).toBe(201);
    const limited = await postContact(url, generalMessage);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.code).toBe('too_many_requests');
  });

  it('counts an IPv6 client by its /64: another address of the same block is the same client', async () => {
    const { url } = await startTestApp(kind, { CONTACT_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
    const post = async (ip: string) =>
      (
        await fetch(`${url}/api/v1/Contact`, {
          method: 'POST',
          body: formData(generalMessage),
          headers: { 'x-forwarded-for': ip },
        })
      ).status;
    expect(await post('2001:db8:7:1::1')).toBe(201);
    expect(await post('2001:db8:7:1::2')).toBe(201);
    expect(await post('2001:db8:7:1:ffff::3')).toBe(429);
    expect(await post('2001:db8:7:2::1')).toBe(201);
  });

  it('counts the limit in the database: a second instance on the same database refuses the client too', async () => {
    const first = await startTestApp(kind, { CONTACT_RATE_LIMIT: '2' });
    const second = await buildApp(first.config, { database: first.database, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
      expect((await postContact(first.url, generalMessage)).status).toBe(201);
      expect((await postContact(secondUrl, generalMessage)).status).toBe(201);
      const limited = [await postContact(first.url, generalMessage), await postContact(secondUrl, generalMessage)];
      expect(limited.map((r) => r.status)).toEqual([429, 429]);
      for (const r of limited) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(590);
    } finally {
      await second.close();
    }
  });

  it('answers a bot (honeypot filled, sent too fast, or posting without the form) like anyone else, keeps it as spam and mails nothing', async () => {
    const smtp = await SmtpSink.start();
    const { url, app } = await startTestApp(kind, { ...fastMail, CONTACT_MIN_FILL_SECONDS: '3', SMTP_URL: smtp.url });
    // The fill time runs from the token the form asks for when it becomes interactive.
    const formToken = async () => (await api(url, 'GET', '/api/v1/Contact/FormToken')).body.token as string;
    const aMinuteAgo = app.formTokens.issue(Date.now() - 60_000);
    const honeypot = await postContact(url, { ...generalMessage, website: 'http://spam.example', formToken: aMinuteAgo });
    const quick = await postContact(url, { ...generalMessage, formToken: await formToken() });
    const direct = await postContact(url, generalMessage);
    const claimed = await postContact(url, { ...generalMessage, fillTime: '45000', formToken: 'forged.token' });
    const human = await postContact(url, { ...generalMessage, formToken: aMinuteAgo });
    for (const res of [honeypot, quick, direct, claimed, human]) expect(res.status).toBe(201);
    await smtp.waitFor(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received.map((m) => m.mail.subject).filter((s) => s?.includes('['))).toEqual([
      expect.stringContaining(human.body.reference),
    ]);
    const token = await signIn(url);
    const spam = await api(url, 'GET', '/api/v1/Inquiry?Spam=true', { token });
    expect(spam.body.data.map((i: { id: number }) => i.id).sort()).toEqual(
      [honeypot.body.id, quick.body.id, direct.body.id, claimed.body.id].sort(),
    );
    expect(spam.body.data[0]).toMatchObject({ spam: true, deliveryStatus: 'skipped' });
  });

  it('without SMTP_URL stores the inquiry and writes the mail to the log', async () => {
    const { url } = await startTestApp(kind, fastMail);
    const res = await postContact(url, generalMessage, [await pngFile()]);
    expect(res.status).toBe(201);
    const token = await signIn(url);
    const detail = await until(async () => {
      const d = await api(url, 'GET', `/api/v1/Inquiry/${res.body.id}`, { token });
      // The confirmation is written after the inquiry's own mail: wait for both.
      const mails: { status: string }[] = d.body.mails ?? [];
      const allLogged = mails.length === 2 && mails.every((m) => m.status === 'logged');
      return d.body.deliveryStatus === 'logged' && allLogged ? d.body : undefined;
    });
    expect(detail.mails.map((m: { kind: string; status: string }) => [m.kind, m.status])).toEqual([
      ['inquiry', 'logged'],
      ['confirmation', 'logged'],
    ]);
  });

  it('stores the files under random names, nothing left in the temporary folder', async () => {
    const { url, app, config } = await startTestApp(kind);
    const res = await postContact(url, generalMessage, [await pngFile('../../etc/passwd.png')]);
    expect(res.status).toBe(201);
    const files = await storedObjects(app);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[a-f0-9]{32}$/);
    // On disk under DATA_DIR/inquiries, readable by the site alone; in S3 under the inquiries/ prefix.
    if (kind.storage === 'disk') expect(fs.statSync(path.join(config.dataDir, 'inquiries', files[0]!)).mode & 0o077).toBe(0);
    else expect(fs.existsSync(path.join(config.dataDir, 'inquiries'))).toBe(false);
    const token = await signIn(url);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${res.body.id}`, { token });
    expect(detail.body.attachments[0].fileName).toBe('passwd.png');
  });

  it('keeps encoded words out of mail headers, and C1 and bidi controls out of names', async () => {
    const { url } = await startTestApp(kind);
    const forged = '=?UTF-8?Q?=0D=0ABcc:_x@evil.example?=';
    for (const [field, value] of [
      ['lastName', forged],
      ['firstName', `Eve ${forged.toLowerCase()}`],
      ['email', `${forged}@example.org`],
      ['firstName', 'Eve\u0085'],
      ['message', 'Hallo\u009bWelt'],
      ['lastName', 'Doe\u202e'],
      ['phone', '069\u2066123'],
    ]) {
      const res = await postContact(url, { ...generalMessage, [field!]: value! });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.detail, JSON.stringify(value)).toBe(`Invalid fields: ${field}`);
    }
    const company = await postContact(url, {
      ...priceInquiry,
      CompanyName: `ACME ${forged}`,
    });
    expect(company.body.detail).toBe('Invalid fields: CompanyName');
    // Where it reaches no header, the same text is only text.
    expect((await postContact(url, { ...generalMessage, message: `Zitat: ${forged}` })).status).toBe(201);
  });

  it('takes bidi and C1 controls and encoded words out of attachment names', async () => {
    const { url } = await startTestApp(kind);
    const res = await postContact(url, generalMessage, [
      await jpegFile('rechnung\u202egnp.jpg'),
      await pngFile('scan\u0085\u2067.png'),
      pdfFile('=?UTF-8?Q?=0D=0AX:_y?=.pdf'),
    ]);
    expect(res.status).toBe(201);
    const token = await signIn(url);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${res.body.id}`, { token });
    expect(detail.body.attachments.map((a: { fileName: string }) => a.fileName)).toEqual([
      'rechnunggnp.jpg',
      'scan.png',
      '=_?UTF-8?Q?=0D=0AX:_y?=.pdf',
    ]);
  });
});
