import { describe, expect, it } from 'vitest';
import { berlinDate, inquiryDetailSchema, inquiryFormSchema, inquiryTypeListSchema } from '@blitz/contract';
import { api, databaseKinds, shownContent, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { signedInAs } from '../accounts/accounts.test-kit';
import { unzip } from '../privacy/privacy.test-kit';
import { generalMessage, pdfFile, postContact } from '../contact/contact.test-kit';

const fast = { CONTACT_MIN_FILL_SECONDS: '0' };
const words = (de: string, en: string) => ({ de, en });
const none = words('', '');

/** SPEC.md's adjustable fields as a new type lists them: the phone optional, the company's hidden. */
const adjustable = ['phone', 'CompanyName', 'BuildingSize', 'CompanyAddress', 'Regards'].map((key) => ({
  key,
  shown: key === 'phone',
  required: false,
  labels: key === 'phone' ? words('Rückrufnummer', 'Number to call back') : none,
  help: none,
}));

/** "Prüftermin vereinbaren", as an office would compose it: preferred dates, the building's address, the inspection book. */
const inspection = {
  key: 'inspection',
  names: words('Prüftermin vereinbaren', 'Book an inspection'),
  fields: [
    ...adjustable,
    {
      key: 'preferredDates',
      kind: 'date',
      multiple: true,
      shown: true,
      required: true,
      labels: words('Wunschtermine', 'Preferred dates'),
      help: words('Bis zu drei Tage', 'Up to three days'),
    },
    {
      key: 'buildingAddress',
      kind: 'address',
      shown: true,
      required: true,
      labels: words('Adresse des Gebäudes', 'Address of the building'),
      help: none,
    },
    {
      key: 'bookNumber',
      kind: 'line',
      shown: true,
      required: false,
      labels: words('Prüfbuch-Nr.', 'Inspection book no.'),
      help: none,
    },
    {
      key: 'interval',
      kind: 'choice',
      shown: true,
      required: true,
      labels: words('Prüfintervall', 'Inspection interval'),
      help: none,
      options: [
        { key: 'yearly', labels: words('jährlich', 'every year') },
        { key: 'everyTwoYears', labels: words('alle zwei Jahre', 'every two years') },
      ],
    },
    {
      key: 'roofArea',
      kind: 'number',
      shown: true,
      required: false,
      labels: words('Dachfläche', 'Roof area'),
      help: none,
      unit: words('m²', 'm²'),
    },
    {
      key: 'accessKnown',
      kind: 'yesNo',
      shown: true,
      required: false,
      labels: words('Zugang zum Dach vorhanden', 'Roof access available'),
      help: none,
    },
  ],
  recipients: ['pruefung@firma.example'],
  retentionDays: 365,
  offeredOn: { subjectList: true, pages: ['services'] },
};

/** What a visitor fills in for it. */
const booking = {
  ...generalMessage,
  subject: 'inspection',
  preferredDates: ['2027-03-01', '2027-03-08'],
  'buildingAddress.street': 'Kirchplatz 1',
  'buildingAddress.postcode': '48143',
  'buildingAddress.town': 'Münster',
  bookNumber: 'PB-2019-044',
  interval: 'everyTwoYears',
  roofArea: '420,5',
  accessKnown: 'yes',
};

describe.each(databaseKinds)('inquiry types staff add, on %s', (kind) => {
  it('takes a new type with its own fields, checks and keeps what a visitor sends, and names it everywhere', async () => {
    const smtp = await SmtpSink.start();
    const { url, app } = await startTestApp(kind, {
      ...fast,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      CONFIRMATION_MAIL: 'true',
    });
    const token = await signIn(url);
    const created = await api(url, 'POST', '/api/v1/InquiryType', { token, body: inspection });
    expect(created.status, created.text).toBe(201);
    const list = inquiryTypeListSchema.parse(created.body);
    const type = list.types.find((t) => t.key === 'inspection')!;
    expect(type).toMatchObject({ builtIn: false, revision: 1, recipients: ['pruefung@firma.example'], retentionDays: 365 });
    expect(type.fields.map((f) => f.key).slice(5)).toEqual([
      'preferredDates',
      'buildingAddress',
      'bookNumber',
      'interval',
      'roofArea',
      'accessKnown',
    ]);

    // Visitors' clients read it in their language, with each added field's kind and choices.
    const form = inquiryFormSchema.parse((await api(url, 'GET', '/api/v1/InquiryType?lang=en')).body);
    const offered = form.types.find((t) => t.key === 'inspection')!;
    expect(offered.name).toBe('Book an inspection');
    expect(offered.fields.find((f) => f.key === 'interval')).toMatchObject({
      kind: 'choice',
      options: [
        { key: 'yearly', label: 'every year' },
        { key: 'everyTwoYears', label: 'every two years' },
      ],
    });

    // The office writes the type's own confirmation; a placeholder the mail does not know is refused.
    const confirmation = {
      type: 'inspection',
      kind: 'confirmation',
      language: 'de',
      subject: 'Ihr Prüftermin bei {companyName} ({reference})',
      body: 'Guten Tag,\n\nwir melden uns binnen einer Woche mit einem Termin für: {type}.\n\n{fieldsSent}',
    };
    expect(
      (await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: { ...confirmation, body: '{bookNumber}' } })).status,
    ).toBe(400);
    expect((await api(url, 'PUT', '/api/v1/MailTemplate', { token, body: confirmation })).status).toBe(200);
    const preview = await api(url, 'POST', '/api/v1/MailTemplate/Preview', {
      token,
      body: { ...confirmation, kind: 'notification', body: '{fields}' },
    });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.text).toContain('Adresse des Gebäudes: Beispiel');

    const sent = await postContact(url, { ...booking, formVersion: String(form.version) }, [pdfFile('pruefbuch.pdf')]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const detail = inquiryDetailSchema.parse((await api(url, 'GET', `/api/v1/Inquiry/${sent.body.id}`, { token })).body);
    expect(detail.subject).toBe('inspection');
    expect(detail.answers.map((a) => [a.label.de, a.text.de])).toEqual([
      ['Wunschtermine', '01.03.2027, 08.03.2027'],
      ['Adresse des Gebäudes', 'Kirchplatz 1, 48143 Münster'],
      ['Prüfbuch-Nr.', 'PB-2019-044'],
      ['Prüfintervall', 'alle zwei Jahre'],
      ['Dachfläche', '420,5 m²'],
      ['Zugang zum Dach vorhanden', 'Ja'],
    ]);

    // The mail to the company goes to the type's own recipients, with every answer; the
    // confirmation names the fields sent, never what was typed.
    const mails = await smtp.waitFor(2);
    const notification = mails.find((m) => m.to.includes('pruefung@firma.example'))!.mail;
    expect(notification.text).toContain('Prüftermin vereinbaren');
    expect(notification.text).toContain('Adresse des Gebäudes: Kirchplatz 1, 48143 Münster');
    expect(notification.attachments.map((a) => a.filename)).toEqual(['pruefbuch.pdf']);
    const confirmed = mails.find((m) => m.to.includes(generalMessage.email))!.mail;
    expect(confirmed.subject).toMatch(/^Ihr Prüftermin bei .+ \(\d{8}-[A-Z0-9]{6}\)$/);
    expect(confirmed.text).toContain('wir melden uns binnen einer Woche mit einem Termin für: Prüftermin vereinbaren.');
    expect(confirmed.text).toContain('- Adresse des Gebäudes');
    expect(confirmed.text).not.toContain('Kirchplatz');

    // The statistics count it under its type.
    await app.statistics?.flush();
    const today = berlinDate();
    const stats = await api(url, 'GET', `/api/v1/Statistics?From=${today}&To=${today}`, { token });
    expect(stats.body.types).toEqual([{ type: 'inspection', inquiries: 1 }]);

    // The export for a data-subject request names the type and each answer as sent, the phone by
    // the word staff gave it.
    const archive = await fetch(`${url}/api/v1/Person/Export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: generalMessage.email }),
    });
    const summary = (await unzip(Buffer.from(await archive.arrayBuffer()))).get('summary.txt')!.toString('utf8');
    expect(summary).toContain('Art: Prüftermin vereinbaren');
    expect(summary).toContain('Rückrufnummer: +49 6181 12345');
    expect(summary).toContain('Adresse des Gebäudes: Kirchplatz 1, 48143 Münster');
    expect(summary).toContain('Speicherdauer: 365 Tage nach Eingang, danach automatisch gelöscht.');

    // The CSV names the type and lists the answers in its own column.
    const csv = await fetch(`${url}/api/v1/Inquiry/Export?lang=en&separator=,`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await csv.text();
    expect(text).toContain('Further details');
    expect(text).toContain('Book an inspection');
    expect(text).toContain('Inspection interval: every two years');
  });

  it('refuses what does not fit a field’s kind, names the fields, and keeps nothing half', async () => {
    const { url } = await startTestApp(kind, fast);
    const token = await signIn(url);
    expect((await api(url, 'POST', '/api/v1/InquiryType', { token, body: inspection })).status).toBe(201);
    const cases: [Record<string, string | string[]>, string, string[]][] = [
      [{ ...booking, 'buildingAddress.town': '' }, 'Missing fields', ['buildingAddress']],
      [{ ...booking, preferredDates: [], interval: '' }, 'Missing fields', ['preferredDates', 'interval']],
      [{ ...booking, firstName: '', interval: '' }, 'Missing fields', ['firstName', 'interval']],
      [{ ...booking, preferredDates: ['2027-02-30'] }, 'Invalid fields', ['preferredDates']],
      [
        { ...booking, preferredDates: ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04'] },
        'Invalid fields',
        ['preferredDates'],
      ],
      [{ ...booking, interval: 'weekly' }, 'Invalid fields', ['interval']],
      [{ ...booking, roofArea: 'viel' }, 'Invalid fields', ['roofArea']],
      [{ ...booking, accessKnown: 'vielleicht' }, 'Invalid fields', ['accessKnown']],
      [{ ...booking, bookNumber: 'PB\n2019' }, 'Invalid fields', ['bookNumber']],
    ];
    for (const [fields, detail, named] of cases) {
      const answer = await postContact(url, fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body.detail.replace(/:.*/, '')).toBe(detail);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toEqual(named);
    }
    const inbox = await api(url, 'GET', '/api/v1/Inquiry', { token });
    expect(inbox.body.count).toBe(0);
  });

  it('refuses a bad type with 400, a taken key with 409, and keeps SPEC.md’s three', async () => {
    const { url, app } = await startTestApp(kind, fast);
    const token = await signIn(url);
    const post = (body: unknown) => api(url, 'POST', '/api/v1/InquiryType', { token, body });
    const field = (extra: object) => ({ ...inspection, fields: [...adjustable, { ...inspection.fields[5], ...extra }] });
    const bad = [
      { ...inspection, key: 'application' },
      { ...inspection, key: 'Prüf termin' },
      // Names every object has: looked up in plain objects, they would pass for a type or an answer.
      { ...inspection, key: 'constructor' },
      field({ key: 'toString' }),
      { ...inspection, names: none },
      { ...inspection, fields: adjustable.slice(1) },
      field({ key: 'email' }),
      field({ key: 'firstName' }),
      field({ kind: 'files' }),
      field({ kind: 'script' }),
      field({ labels: words('Termin', '') }),
      field({ kind: 'choice', options: [{ key: 'only', labels: words('einzig', 'only') }] }),
      field({ kind: 'line', unit: words('m', 'm') }),
      { ...inspection, recipients: ['not an address'] },
      { ...inspection, retentionDays: 0 },
      { ...inspection, offeredOn: { subjectList: true, pages: ['nowhere'] } },
    ];
    for (const body of bad) expect((await post(body)).status, JSON.stringify(body).slice(0, 120)).toBe(400);
    expect((await post(inspection)).status).toBe(201);
    expect((await post(inspection)).status).toBe(409);
    // One of SPEC.md's three may add a field too; the pages' form carries every type.
    const list = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token })).body);
    const price = list.types.find((t) => t.key === 'priceInquiry')!;
    // A key another type uses is refused: a form sent without JavaScript carries every type's fields.
    const shared = { ...price, fields: [...price.fields, inspection.fields[7]] };
    expect((await api(url, 'PUT', '/api/v1/InquiryType', { token, body: shared })).status).toBe(400);
    const withAdded = { ...price, fields: [...price.fields, { ...inspection.fields[7], key: 'siteContact' }] };
    const saved = await api(url, 'PUT', '/api/v1/InquiryType', { token, body: withAdded });
    expect(saved.status).toBe(200);
    // A saved field's kind stays: its answers were checked by it.
    const savedPrice = inquiryTypeListSchema.parse(saved.body).types.find((t) => t.key === 'priceInquiry')!;
    const rekinded = {
      ...savedPrice,
      fields: savedPrice.fields.map((f) => (f.key === 'siteContact' ? { ...f, kind: 'text' } : f)),
    };
    expect((await api(url, 'PUT', '/api/v1/InquiryType', { token, body: rekinded })).status).toBe(400);
    const shown = await shownContent(app, 'en');
    expect(shown.render.inquiryForm?.types.map((t) => t.key)).toEqual([
      'priceInquiry',
      'generalMessage',
      'application',
      'inspection',
    ]);
    // At most ten types of one's own at a time (the form's stylesheet shows them by their place).
    const numbered = (i: number) => ({
      ...inspection,
      key: `inspection${i}`,
      fields: inspection.fields.map((f, n) => (n < 5 ? f : { ...f, key: `${f.key}${i}` })),
    });
    for (let i = 2; i <= 10; i++) expect((await post(numbered(i))).status).toBe(201);
    expect((await post(numbered(11))).status).toBe(409);
    expect((await api(url, 'DELETE', '/api/v1/InquiryType/application', { token })).status).toBe(409);
    expect((await api(url, 'DELETE', '/api/v1/InquiryType/nothing', { token })).status).toBe(404);
    expect((await api(url, 'POST', '/api/v1/InquiryType', { body: inspection })).status).toBe(401);
  });

  it('checks an inquiry against the version it was shown, and keeps a removed type’s inquiries with their words', async () => {
    const { url } = await startTestApp(kind, fast);
    const token = await signIn(url);
    const created = inquiryTypeListSchema.parse(
      (await api(url, 'POST', '/api/v1/InquiryType', { token, body: inspection })).body,
    );
    const shown = created.version;
    // Staff rename a field and make the book number required while a visitor fills the form in.
    const type = created.types.find((t) => t.key === 'inspection')!;
    const changed = {
      ...type,
      fields: type.fields.map((f) =>
        f.key === 'bookNumber' ? { ...f, required: true, labels: words('Prüfbuchnummer', 'Book number') } : f,
      ),
    };
    expect((await api(url, 'PUT', '/api/v1/InquiryType', { token, body: changed })).status).toBe(200);
    const early = await postContact(url, { ...booking, bookNumber: '', formVersion: String(shown) });
    expect(early.status, JSON.stringify(early.body)).toBe(201);
    const late = await postContact(url, { ...booking, bookNumber: '', formVersion: String(shown + 1) });
    expect(late.status).toBe(400);
    const kept = await postContact(url, { ...booking, formVersion: String(shown) });
    expect(kept.status).toBe(201);

    // Removed: gone from the form, refused as a subject, its inquiries kept and named as sent.
    expect((await api(url, 'DELETE', '/api/v1/InquiryType/inspection', { token })).status).toBe(200);
    const form = inquiryFormSchema.parse((await api(url, 'GET', '/api/v1/InquiryType')).body);
    expect(form.types.map((t) => t.key)).toEqual(['priceInquiry', 'generalMessage', 'application']);
    expect((await postContact(url, booking)).status).toBe(400);
    const detail = inquiryDetailSchema.parse((await api(url, 'GET', `/api/v1/Inquiry/${kept.body.id}`, { token })).body);
    // Sent with the version before the rename: named as its sender read it.
    expect(detail.answers.find((a) => a.key === 'bookNumber')?.label).toEqual(words('Prüfbuch-Nr.', 'Inspection book no.'));
    // Its key stays its own: a new type cannot take it.
    expect((await api(url, 'POST', '/api/v1/InquiryType', { token, body: inspection })).status).toBe(409);
  });

  it('lets an inbox account be limited to a type staff added', async () => {
    const { url } = await startTestApp(kind, fast);
    const token = await signIn(url);
    expect((await api(url, 'POST', '/api/v1/InquiryType', { token, body: inspection })).status).toBe(201);
    const inspector = await signedInAs(url, token, 'pruefer', 'inbox', { inquiryTypes: ['inspection'] });
    const ours = await postContact(url, booking);
    const other = await postContact(url, generalMessage);
    expect([ours.status, other.status]).toEqual([201, 201]);
    // It reads the types' names too (the inbox's filter names them).
    const types = inquiryTypeListSchema.parse((await api(url, 'GET', '/api/v1/InquiryType', { token: inspector.token })).body);
    expect(types.types.find((t) => t.key === 'inspection')?.names.de).toBe('Prüftermin vereinbaren');
    const seen = await api(url, 'GET', '/api/v1/Inquiry', { token: inspector.token });
    expect(seen.body.data.map((i: { id: number }) => i.id)).toEqual([ours.body.id]);
    expect((await api(url, 'GET', `/api/v1/Inquiry/${other.body.id}`, { token: inspector.token })).status).toBe(404);
    expect((await api(url, 'GET', '/api/v1/Inquiry?Subject=inspection', { token })).body.count).toBe(1);
  });
});
