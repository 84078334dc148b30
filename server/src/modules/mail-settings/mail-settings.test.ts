import { describe, expect, it } from 'vitest';
import { defaultCompanyDetails, mailSettingsSchema, mailTestResultSchema } from '@blitz/contract';
import { SmtpSink } from '../../test/smtp-sink';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { generalMessage, postContact, priceInquiry } from '../contact/contact.test-kit';
import { jobBody } from '../jobs/jobs.test-kit';

const fastMail = { MAIL_POLL_MS: '50', MAIL_RETRY_BASE_MS: '100', CONTACT_MIN_FILL_SECONDS: '0' };
const realCompany = {
  ...defaultCompanyDetails,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  email: 'info@blitzwerk.de',
  vatId: 'DE123456789',
};
const mailSettings = {
  recipients: {
    generalMessage: ['info@blitzwerk.de'],
    priceInquiry: ['vertrieb@blitzwerk.de', 'chef@blitzwerk.de'],
    application: ['personal@blitzwerk.de'],
  },
  sender: 'website@blitzwerk.de',
  replyTo: 'info@blitzwerk.de',
};
const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

describe.each(databaseKinds)('mail settings API on %s', (kind) => {
  it('starts from the operator’s CONTACT_TO* and MAIL_FROM, else from the saved company e-mail', async () => {
    const { url } = await startTestApp(kind, { CONTACT_TO_APPLICATION: 'hr@operator.example' });
    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: realCompany })).status).toBe(200);
    const read = await api(url, 'GET', '/api/v1/Settings/Mail', { token });
    expect(read.status).toBe(200);
    expect(mailSettingsSchema.parse(read.body)).toEqual({
      recipients: {
        generalMessage: ['info@blitzwerk.de'],
        priceInquiry: ['info@blitzwerk.de'],
        application: ['hr@operator.example'],
      },
      sender: 'info@blitzwerk.de',
      replyTo: 'info@blitzwerk.de',
    });
    expect((await api(url, 'GET', '/api/v1/Settings/Mail')).status).toBe(401);
  });

  it('refuses bad addresses with a 400 naming the field, and keeps what was saved', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: mailSettings })).status).toBe(200);
    const bad = [
      [{ ...mailSettings, sender: 'website' }, 'sender'],
      [{ ...mailSettings, replyTo: '' }, 'replyTo'],
      [{ ...mailSettings, recipients: { ...mailSettings.recipients, application: [] } }, 'recipients.application'],
      [
        { ...mailSettings, recipients: { ...mailSettings.recipients, priceInquiry: ['a@b.de', 'x@'] } },
        'recipients.priceInquiry.1',
      ],
      [
        { ...mailSettings, recipients: { ...mailSettings.recipients, generalMessage: ['a@b.de', 'A@b.de'] } },
        'recipients.generalMessage',
      ],
      [{ ...mailSettings, recipients: { generalMessage: ['a@b.de'] } }, 'recipients.priceInquiry'],
      [{ ...mailSettings, extra: 1 }, ''],
    ] as const;
    for (const [body, field] of bad) {
      const res = await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (field) expect(fields(res.body)).toContain(field);
    }
    expect((await api(url, 'GET', '/api/v1/Settings/Mail', { token })).body).toEqual(mailSettings);
  });

  it('mails a price inquiry to the saved recipients; the confirmation has the company’s Reply-To and the site’s Message-ID', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, SITE_URL: 'https://www.blitzwerk.de' });
    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: realCompany })).status).toBe(200);
    expect((await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: mailSettings })).status).toBe(200);
    expect((await postContact(url, priceInquiry)).status).toBe(201);
    const mails = await smtp.waitFor(2);
    const toCompany = mails.find((m) => m.to.includes('vertrieb@blitzwerk.de'))!;
    expect(toCompany.to).toEqual(['vertrieb@blitzwerk.de', 'chef@blitzwerk.de']);
    expect(toCompany.from).toBe('website@blitzwerk.de');
    expect(toCompany.mail.messageId).toMatch(/^<outbox-\d+\.inquiry@www\.blitzwerk\.de>$/);
    const confirmation = mails.find((m) => m.to.includes('erika@example.org'))!;
    expect(confirmation.from).toBe('website@blitzwerk.de');
    expect(confirmation.mail.replyTo?.value[0]?.address).toBe('info@blitzwerk.de');
    expect(confirmation.mail.messageId).toMatch(/@www\.blitzwerk\.de>$/);
  });

  it('sends as the operator’s MAIL_FROM when the saved sender is of a domain the mail server does not send for', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, MAIL_FROM: 'noreply@hoster.example' });
    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: mailSettings })).status).toBe(200);
    expect((await postContact(url, generalMessage)).status).toBe(201);
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.to.includes('erika@example.org'))!;
    expect(confirmation.from).toBe('noreply@hoster.example');
    expect(confirmation.mail.replyTo?.value[0]?.address).toBe('info@blitzwerk.de');
    expect(mails.find((m) => m.to.includes('info@blitzwerk.de'))!.from).toBe('noreply@hoster.example');
  });

  it('reports per recipient whether the mail server took the test mail', async () => {
    const smtp = await SmtpSink.start();
    smtp.refuseRecipients.add('chef@blitzwerk.de');
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url });
    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: mailSettings })).status).toBe(200);
    const res = await api(url, 'POST', '/api/v1/Settings/Mail/Test', { token });
    expect(res.status).toBe(200);
    const results = mailTestResultSchema.parse(res.body);
    expect(results.map((r) => [r.address, r.accepted])).toEqual([
      ['vertrieb@blitzwerk.de', true],
      ['chef@blitzwerk.de', false],
      ['info@blitzwerk.de', true],
      ['personal@blitzwerk.de', true],
    ]);
    expect(results[1]!.error).toMatch(/550/);
    expect(results[1]!.reason).toBe('mailServer');
    expect(results[0]!.error).toBeNull();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['vertrieb@blitzwerk.de', 'info@blitzwerk.de', 'personal@blitzwerk.de']);
    expect(smtp.received[0]!.mail.replyTo?.value[0]?.address).toBe('info@blitzwerk.de');
  });

  it('says that nothing was sent when no mail server is set up', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const res = await api(url, 'POST', '/api/v1/Settings/Mail/Test', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        address: defaultCompanyDetails.email,
        accepted: false,
        error: expect.stringContaining('SMTP_URL'),
        reason: 'noMailServer',
      },
    ]);
  });
});

describe.each(databaseKinds)('an application names its job, on %s', (kind) => {
  const application = { ...generalMessage, subject: 'application' };

  it('keeps the job and its title with the application: mail subject, inbox, filter — also after the job is removed', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, CONTACT_TO: 'inbox@company.example' });
    const token = await signIn(url);
    const job = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() })).body as { id: number };
    const sent = await postContact(url, { ...application, jobId: String(job.id) });
    expect(sent.status).toBe(201);
    const unsolicited = await postContact(url, application);
    expect(unsolicited.status).toBe(201);
    // Another type ignores the job the form still carries (the visitor changed the subject).
    expect((await postContact(url, { ...generalMessage, jobId: String(job.id) })).status).toBe(201);

    const mails = await smtp.waitFor(6);
    const toCompany = mails.find((m) => m.mail.subject?.includes(sent.body.reference))!;
    expect(toCompany.mail.subject).toBe(`Bewerbung: Blitzschutzmonteur (m/w/d) von Erika Musterfrau [${sent.body.reference}]`);
    expect(toCompany.mail.text).toContain('Stelle: Blitzschutzmonteur (m/w/d)');
    const confirmation = mails.find((m) => m.to.includes('erika@example.org') && m.mail.subject?.includes(sent.body.reference))!;
    expect(confirmation.mail.text).toContain('Stelle: Blitzschutzmonteur (m/w/d)');

    expect((await api(url, 'DELETE', `/api/v1/Job/${job.id}`, { token })).status).toBe(204);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${sent.body.id}`, { token });
    expect(detail.body.job).toEqual({ id: job.id, title: 'Blitzschutzmonteur (m/w/d)' });
    const all = await api(url, 'GET', '/api/v1/Inquiry', { token });
    expect(all.body.data.map((i: { job: unknown }) => i.job)).toEqual([
      null,
      null,
      { id: job.id, title: 'Blitzschutzmonteur (m/w/d)' },
    ]);
    const filtered = await api(url, 'GET', `/api/v1/Inquiry?JobID=${job.id}`, { token });
    expect(filtered.body.data.map((i: { id: number }) => i.id)).toEqual([sent.body.id]);

    // Removed while the visitor wrote: the application is kept, with the id it named.
    const late = await postContact(url, { ...application, jobId: String(job.id) });
    expect(late.status).toBe(201);
    expect((await api(url, 'GET', `/api/v1/Inquiry/${late.body.id}`, { token })).body.job).toEqual({ id: job.id, title: null });
    // The inbox's job filter still offers the removed job, by the title its applications kept.
    const choices = await api(url, 'GET', '/api/v1/Inquiry/Jobs', { token });
    expect(choices.body).toEqual([{ id: job.id, title: 'Blitzschutzmonteur (m/w/d)' }]);
    expect((await api(url, 'GET', '/api/v1/Inquiry/Jobs')).status).toBe(401);
  });

  it("names the job in the visitor's language in the confirmation, German to the company and in the CSV", async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, CONTACT_TO: 'inbox@company.example' });
    const token = await signIn(url);
    const job = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody() })).body as { id: number };
    const sent = await postContact(url, { ...application, jobId: String(job.id), language: 'en' });
    expect(sent.status).toBe(201);
    const mails = await smtp.waitFor(2);
    const confirmation = mails.find((m) => m.to.includes('erika@example.org'))!;
    expect(confirmation.mail.text).toContain('Position: Lightning protection installer (m/f/d)');
    expect(confirmation.mail.text).not.toContain('Blitzschutzmonteur');
    const toCompany = mails.find((m) => m.to.includes('inbox@company.example'))!;
    expect(toCompany.mail.text).toContain('Stelle: Blitzschutzmonteur (m/w/d)');

    const csv = await fetch(`${url}/api/v1/Inquiry/Export`, { headers: { authorization: `Bearer ${token}` } });
    const [head, row] = (await csv.text()).split('\r\n');
    expect(head).toContain('"Art";"Stelle";"Vorname"');
    expect(row).toContain('"Bewerbung";"Blitzschutzmonteur (m/w/d)";"Erika"');
  });

  it('tells no title of an unpublished job: the application keeps the id alone', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, { ...fastMail, SMTP_URL: smtp.url, CONTACT_TO: 'inbox@company.example' });
    const token = await signIn(url);
    const draft = (await api(url, 'POST', '/api/v1/Job', { token, body: jobBody({ published: false }) })).body as { id: number };
    const sent = await postContact(url, { ...application, jobId: String(draft.id) });
    expect(sent.status).toBe(201);
    const mails = await smtp.waitFor(2);
    for (const { mail } of mails) expect(mail.text).not.toContain('Blitzschutzmonteur');
    expect((await api(url, 'GET', `/api/v1/Inquiry/${sent.body.id}`, { token })).body.job).toEqual({ id: draft.id, title: null });
  });

  it('refuses a jobId that is no job id with a 400 naming the field, storing nothing', async () => {
    const { url } = await startTestApp(kind, fastMail);
    const token = await signIn(url);
    for (const jobId of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await postContact(url, { ...application, jobId });
      expect(res.status, jobId).toBe(400);
      expect(fields(res.body)).toEqual(['jobId']);
    }
    expect((await api(url, 'GET', '/api/v1/Inquiry', { token })).body.count).toBe(0);
    expect((await api(url, 'GET', '/api/v1/Inquiry?JobID=abc', { token })).status).toBe(400);
  });
});
