import { describe, expect, it } from 'vitest';
import { type InquiryTypeList, inquiryFormSchema, inquiryTypeListSchema } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { generalMessage, postContact, priceInquiry } from '../contact/contact.test-kit';

const fast = { CONTACT_MIN_FILL_SECONDS: '0' };
/** The fields a refusal names, and its words' step. */
const refusal = (body: { detail: string; errors?: { field: string }[] }) => ({
  detail: body.detail.replace(/:.*/, ''),
  fields: (body.errors ?? []).map((e) => e.field),
});

/** The price inquiry as read, its company fields optional and worded for homeowners too. */
function homeownerPrice(list: InquiryTypeList) {
  const type = list.types.find((t) => t.key === 'priceInquiry')!;
  return {
    ...type,
    fields: type.fields.map((f) =>
      f.key === 'CompanyName' || f.key === 'CompanyAddress'
        ? { ...f, required: false, labels: { de: f.key === 'CompanyName' ? 'Firma oder Gemeinde' : '', en: '' } }
        : f,
    ),
  };
}

describe.each(databaseKinds)('inquiry types on %s', (kind) => {
  it('answers SPEC.md’s form until staff change it, to visitors in one language and to staff whole', async () => {
    const { url } = await startTestApp(kind);
    const form = await api(url, 'GET', '/api/v1/InquiryType?lang=en');
    expect(form.status).toBe(200);
    const parsed = inquiryFormSchema.parse(form.body);
    expect(parsed.version).toBe(0);
    const price = parsed.types.find((t) => t.key === 'priceInquiry')!;
    expect(price.fields.every((f) => f.shown && f.required)).toBe(true);
    const general = parsed.types.find((t) => t.key === 'generalMessage')!;
    expect(general.fields.filter((f) => f.shown).map((f) => f.key)).toEqual(['phone']);

    const token = await signIn(url);
    const list = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token })).body);
    expect(list.types.map((t) => [t.key, t.builtIn, t.revision])).toEqual([
      ['priceInquiry', true, 0],
      ['generalMessage', true, 0],
      ['application', true, 0],
    ]);
    expect((await api(url, 'PUT', '/api/v1/InquiryType', { body: list.types[0] })).status).toBe(401);
  });

  it('takes a price inquiry without company fields once staff made them optional, and keeps the version it was sent with', async () => {
    const { url } = await startTestApp(kind, fast);
    const token = await signIn(url);
    const withoutCompany = { ...priceInquiry, CompanyName: '', CompanyAddress: '' };
    const refused = await postContact(url, withoutCompany);
    expect(refused.status).toBe(400);
    expect(refusal(refused.body)).toEqual({ detail: 'Missing price inquiry fields', fields: ['CompanyName', 'CompanyAddress'] });

    const list = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token })).body);
    // Sent back exactly as read (kind, builtIn included): never refused for what the server returned.
    const saved = await api(url, 'PUT', '/api/v1/InquiryType', { token, body: homeownerPrice(list) });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(1);

    const sent = await postContact(url, { ...withoutCompany, formVersion: '1' });
    expect(sent.status).toBe(201);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${sent.body.id}`, { token });
    expect(detail.body).toMatchObject({ companyName: null, companyAddress: null, buildingSize: '2400 m²', formVersion: 1 });

    const form = inquiryFormSchema.parse((await api(url, 'GET', '/api/v1/InquiryType?lang=de')).body);
    expect(form.types[0]!.fields.find((f) => f.key === 'CompanyName')).toEqual({
      key: 'CompanyName',
      shown: true,
      required: false,
      label: 'Firma oder Gemeinde',
      help: '',
    });
  });

  it('checks an inquiry against the form it was shown, when staff changed the form meanwhile', async () => {
    const { url } = await startTestApp(kind, fast);
    const token = await signIn(url);
    const list = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token })).body);
    await api(url, 'PUT', '/api/v1/InquiryType', { token, body: homeownerPrice(list) });
    // Version 1 made the company optional; version 2 asks for it again.
    const v1 = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token })).body);
    const strict = v1.types[0]!;
    const back = { ...strict, fields: strict.fields.map((f) => ({ ...f, required: true })) };
    expect((await api(url, 'PUT', '/api/v1/InquiryType', { token, body: back })).status).toBe(200);

    const withoutCompany = { ...priceInquiry, CompanyName: '', CompanyAddress: '' };
    // Shown version 1 (optional): taken. Shown version 2, or no version: refused.
    expect((await postContact(url, { ...withoutCompany, formVersion: '1' })).status).toBe(201);
    expect((await postContact(url, { ...withoutCompany, formVersion: '2' })).status).toBe(400);
    expect((await postContact(url, withoutCompany)).status).toBe(400);
    // A version the site never had is the current one; nonsense too.
    expect((await postContact(url, { ...withoutCompany, formVersion: '99' })).status).toBe(400);
    expect((await postContact(url, { ...withoutCompany, formVersion: 'x' })).status).toBe(400);
    expect((await postContact(url, { ...priceInquiry, formVersion: '0' })).status).toBe(201);
  });

  it('asks a general message for the phone number only while staff want it, and never keeps a field the type hides', async () => {
    const { url } = await startTestApp(kind, fast);
    const token = await signIn(url);
    expect(refusal((await postContact(url, { ...generalMessage, phone: '' })).body)).toEqual({
      detail: 'Missing fields',
      fields: ['phone'],
    });
    const list = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token })).body);
    const general = list.types.find((t) => t.key === 'generalMessage')!;
    const changed = {
      ...general,
      fields: general.fields.map((f) =>
        f.key === 'phone' ? { ...f, required: false } : f.key === 'CompanyName' ? { ...f, shown: true, required: true } : f,
      ),
    };
    expect((await api(url, 'PUT', '/api/v1/InquiryType', { token, body: changed })).status).toBe(200);
    const missingCompany = await postContact(url, { ...generalMessage, phone: '' });
    expect(refusal(missingCompany.body)).toEqual({ detail: 'Missing fields', fields: ['CompanyName'] });
    const sent = await postContact(url, { ...generalMessage, phone: '', CompanyName: 'Gemeinde Hanau', BuildingSize: '12 m²' });
    expect(sent.status).toBe(201);
    const detail = await api(url, 'GET', `/api/v1/Inquiry/${sent.body.id}`, { token });
    expect(detail.body).toMatchObject({ phone: '', companyName: 'Gemeinde Hanau', buildingSize: null });
  });

  it('refuses a stale revision with 409, bad settings with 400, and records the change in the audit trail', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const list = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token })).body);
    const price = homeownerPrice(list);
    expect((await api(url, 'PUT', '/api/v1/InquiryType', { token, body: price })).status).toBe(200);
    const stale = await api(url, 'PUT', '/api/v1/InquiryType', { token, body: price });
    expect(stale.status).toBe(409);
    // Named as every stale save is: who saved meanwhile, and the type's revision now.
    expect(stale.body).toMatchObject({ code: 'edit_conflict', changedBy: { name: 'admin' }, currentVersion: '1' });
    // Another type was not changed: its revision still holds.
    expect((await api(url, 'PUT', '/api/v1/InquiryType', { token, body: list.types[1] })).status).toBe(200);

    // A type that is not there is not found.
    expect(
      (await api(url, 'PUT', '/api/v1/InquiryType', { token, body: { ...price, revision: 1, key: 'newsletter' } })).status,
    ).toBe(404);
    const bad = [
      { ...price, revision: 1, fields: price.fields.slice(1) },
      { ...price, revision: 1, fields: [...price.fields.slice(1), price.fields[1]] },
      { ...price, revision: 1, names: { de: 'Preis\nanfrage', en: '' } },
      { ...price, revision: 1, fields: price.fields.map((f) => ({ ...f, labels: { de: 'x'.repeat(81), en: '' } })) },
      { ...price, revision: 1, fields: price.fields.map((f) => ({ ...f, key: 'message' })) },
    ];
    for (const body of bad) {
      const answer = await api(url, 'PUT', '/api/v1/InquiryType', { token, body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const audit = await api(url, 'GET', '/api/v1/Audit?Item=inquiryType', { token });
    expect(audit.status).toBe(200);
    const entry = audit.body.data.find((e: { item: { id: string } }) => e.item.id === 'priceInquiry');
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'CompanyName.required', before: 'true', after: 'false' },
        { field: 'CompanyName.labels.de', before: '', after: 'Firma oder Gemeinde' },
      ]),
    );
  });

  it('names the fields in both mails by the words of the form the inquiry was sent with, and lists only what was sent', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, {
      ...fast,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      CONFIRMATION_MAIL: 'true',
      CONTACT_TO: 'office@firma.example',
    });
    const token = await signIn(url);
    const list = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token })).body);
    await api(url, 'PUT', '/api/v1/InquiryType', { token, body: homeownerPrice(list) });
    const general = list.types.find((t) => t.key === 'generalMessage')!;
    const withoutPhone = { ...general, fields: general.fields.map((f) => (f.key === 'phone' ? { ...f, shown: false } : f)) };
    await api(url, 'PUT', '/api/v1/InquiryType', { token, body: withoutPhone });

    const price = await postContact(url, { ...priceInquiry, email: 'price@example.org', formVersion: '2' });
    const message = await postContact(url, { ...generalMessage, email: 'general@example.org', formVersion: '2' });
    expect([price.status, message.status]).toEqual([201, 201]);
    const mails = await smtp.waitFor(4);
    const mailTo = (address: string, reference: string) =>
      mails.find((m) => m.to.includes(address) && m.mail.text!.includes(reference))!.mail.text!;
    expect(mailTo('office@firma.example', price.body.reference)).toContain('Firma oder Gemeinde: Beispiel Logistik GmbH');
    expect(mailTo('price@example.org', price.body.reference)).toContain('- Firma oder Gemeinde\n');
    // The general message asked for no phone: the staff's mail shows none, the confirmation lists none.
    expect(mailTo('office@firma.example', message.body.reference)).not.toContain('Telefon');
    expect(mailTo('general@example.org', message.body.reference)).not.toContain('Telefon');
  });
});
