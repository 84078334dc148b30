import { describe, expect, it } from 'vitest';
import { companyDetailsReadSchema, companyDetailsSchema, defaultCompanyDetails } from '@blitz/contract';
import { api, databaseKinds, getOnce, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { generalMessage, postContact } from '../contact/contact.test-kit';
import { dataUrl, svgWithScript, testPhoto } from '../../test/pictures';
import { writeCompanyDetailsRow } from './company-details.repository';

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);

/** The details of a real company, as the first admin would enter them. */
const realCompany = {
  ...defaultCompanyDetails,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  phone: '+49 6181 123456',
  email: 'info@blitzwerk.de',
  vatId: 'DE123456789',
};

describe.each(databaseKinds)('company details API on %s', (kind) => {
  it('serves the shipped placeholder company on a new site, and staff learn that it still is the sample', async () => {
    const { url } = await startTestApp(kind);
    const visitor = await api(url, 'GET', '/api/v1/Settings');
    expect(visitor.status).toBe(200);
    // Visitors get the details only: exactly today's site, no staff fields.
    expect(companyDetailsSchema.parse(visitor.body)).toEqual(defaultCompanyDetails);
    const token = await signIn(url);
    const staff = await api(url, 'GET', '/api/v1/Settings', { token });
    expect(companyDetailsReadSchema.parse(staff.body)).toMatchObject({ isSample: true, updatedAt: null });
    expect(staff.headers.get('cache-control')).toBe('no-store');
  });

  it('reads a placeholder saved by an older release, with its German sample mark, as today’s placeholder', async () => {
    const { app, url } = await startTestApp(kind);
    const old = {
      ...defaultCompanyDetails,
      legalName: `${defaultCompanyDetails.legalName} (Platzhalter)`,
      phone: '+49 6181 555',
    };
    await writeCompanyDetailsRow(app.db, { settings: old, updatedAt: new Date().toISOString() });
    const read = await api(url, 'GET', '/api/v1/Settings');
    expect(read.body).toEqual({ ...defaultCompanyDetails, phone: '+49 6181 555' });
  });

  it('replaces the whole object; everyone reads the new details on the next request', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    expect((await api(url, 'GET', '/api/v1/Settings')).body.phone).toBe(defaultCompanyDetails.phone);

    const saved = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...realCompany, vatId: 'de 123 456 789' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phone: '+49 6181 123456', vatId: 'DE123456789', isSample: false });
    expect(saved.body.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const visitor = await api(url, 'GET', '/api/v1/Settings');
    expect(visitor.body).toEqual(realCompany);
    const staff = await api(url, 'GET', '/api/v1/Settings', { token });
    expect(staff.body).toEqual({ ...realCompany, isSample: false, updatedAt: saved.body.updatedAt });
  });

  it('keeps whether the managing directors are one woman, one man or several; left out, their number decides (issue 40)', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    expect((await api(url, 'GET', '/api/v1/Settings')).body).not.toHaveProperty('management');
    for (const management of ['woman', 'man', 'several'] as const) {
      const saved = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...realCompany, management } });
      expect(saved.status, management).toBe(200);
      expect((await api(url, 'GET', '/api/v1/Settings')).body, management).toEqual({ ...realCompany, management });
    }
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: realCompany })).status).toBe(200);
    expect((await api(url, 'GET', '/api/v1/Settings')).body).toEqual(realCompany);
  });

  it('stores an uploaded portrait and logo through the picture pipeline, and removes a replaced one', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const photo = dataUrl(await testPhoto(1200, 1500), 'image/jpeg');
    const body = {
      ...realCompany,
      partners: [{ name: 'Partner', url: 'https://partner.example', logo: dataUrl(await testPhoto(600, 200, 'png')) }],
      person: { ...realCompany.person, picture: photo },
    };
    const saved = await api(url, 'PUT', '/api/v1/Settings', { token, body });
    expect(saved.status).toBe(200);
    const portrait = saved.body.person.picture as string;
    const logo = saved.body.partners[0].logo as string;
    expect(portrait).toMatch(/^\/media\/company\/[0-9a-f]+-960\.webp$/);
    expect(logo).toMatch(/^\/media\/company\/[0-9a-f]+-480\.webp$/);
    const file = await getOnce(`${url}${portrait}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    // Sent back as read, the pictures stay; a new portrait replaces the old file.
    const again = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: { ...realCompany, partners: saved.body.partners, person: saved.body.person },
    });
    expect(again.status).toBe(200);
    expect(again.body.person.picture).toBe(portrait);
    const replaced = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: {
        ...realCompany,
        partners: saved.body.partners,
        person: { ...realCompany.person, picture: dataUrl(await testPhoto(500, 600, 'png')) },
      },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.person.picture).not.toBe(portrait);
    expect((await getOnce(`${url}${portrait}`)).status).toBe(404);
    expect((await getOnce(`${url}${logo}`)).status).toBe(200);

    // A /media/ address the settings do not show is not accepted, nor an SVG.
    const foreign = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: { ...realCompany, person: { ...realCompany.person, picture: '/media/company/0123456789abcdef0123-480.webp' } },
    });
    expect(foreign.status).toBe(400);
    expect(fields(foreign.body)).toEqual(['person.picture']);
    const svg = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: { ...realCompany, person: { ...realCompany.person, picture: dataUrl(svgWithScript, 'image/svg+xml') } },
    });
    expect(svg.status).toBe(400);
    expect(fields(svg.body)).toEqual(['person.picture']);
  });

  it('needs a signed-in admin to write; a bad token on a read gets what visitors get', async () => {
    const { url } = await startTestApp(kind);
    expect((await api(url, 'PUT', '/api/v1/Settings', { body: realCompany })).status).toBe(401);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token: 'forged', body: realCompany })).status).toBe(401);
    const forged = await api(url, 'GET', '/api/v1/Settings', { token: 'forged' });
    expect(forged.status).toBe(200);
    expect(forged.body).toEqual(defaultCompanyDetails);
    expect((await api(url, 'GET', '/api/v1/Settings')).body.name).toBe(defaultCompanyDetails.name);
  });

  it('refuses each invalid field with 400 naming it, and keeps the details as they were', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ email: 'info(at)blitzwerk.de' }, 'email'],
      [{ vatId: 'DE12345678' }, 'vatId'],
      [{ vatId: 'steuer' }, 'vatId'],
      [{ phone: 'ring us' }, 'phone'],
      [{ postalCode: '!' }, 'postalCode'],
      [{ countryCode: 'Deutschland' }, 'countryCode'],
      [{ website: 'ftp://blitzwerk.de' }, 'website'],
      [{ managingDirectors: [] }, 'managingDirectors'],
      [{ management: 'Frau' }, 'management'],
      [{ management: null }, 'management'],
      [{ register: { court: 'Amtsgericht Hanau' } }, 'register.number'],
      [{ foundedYear: 1200 }, 'foundedYear'],
      [{ map: { latitude: 91, longitude: 8.9 } }, 'map.latitude'],
      [{ openingHours: [{ content: 'Mo–Fr', language: 5 }] }, 'openingHours.0.language'],
      [{ partners: [{ name: 'P', url: 'javascript:alert(1)', logo: 'ferrum' }] }, 'partners.0.url'],
      [{ partners: [{ name: 'P', url: 'https://p.example', logo: 'unknown-logo' }] }, 'partners.0.logo'],
      [{ statistics: defaultCompanyDetails.statistics.slice(0, 5) }, 'statistics'],
      [{ statistics: defaultCompanyDetails.statistics.map((s) => ({ ...s, value: -1 })) }, 'statistics.0.value'],
      [{ person: { ...defaultCompanyDetails.person, name: '' } }, 'person.name'],
      [{ city: undefined }, 'city'],
      [{ secret: 'x' }, 'secret'],
    ];
    for (const [patch, field] of cases) {
      const res = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...realCompany, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(fields(res.body), JSON.stringify(patch)).toContain(field);
    }
    expect(
      (await api(url, 'PUT', '/api/v1/Settings', { token, raw: '{"name":', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(400);
    expect((await api(url, 'GET', '/api/v1/Settings')).body).toEqual(defaultCompanyDetails);
  });

  it('refuses a line break or direction control in every one-line field, and takes line breaks in the quote', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const en = (content: string) => [{ content, language: 1 }];
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'Evil\r\nBcc: victim@example.org' }, 'name'],
      [{ legalName: 'Blitzwerk\nGmbH' }, 'legalName'],
      [{ legalForm: 'GmbH\u2028' + 'x' }, 'legalForm'],
      [{ street: 'Am Blitz\r7' }, 'street'],
      [{ city: 'Ha\u202Enau' }, 'city'],
      [{ website: 'https://blitzwerk.de/\r\nx' }, 'website'],
      [{ managingDirectors: ['Erika\nMuster'] }, 'managingDirectors.0'],
      [{ jobsContact: 'Erika\u0085Muster' }, 'jobsContact'],
      [{ register: { court: 'Amtsgericht\nHanau', number: 'HRB 1' } }, 'register.court'],
      [{ openingHours: en('Mon–Fri\n7–16') }, 'openingHours.0.content'],
      [{ partners: [{ name: 'P\nQ', url: 'https://p.example', logo: 'ferrum' }] }, 'partners.0.name'],
      [{ person: { ...defaultCompanyDetails.person, position: en('CEO\r\nBcc: x') } }, 'person.position.0.content'],
    ];
    for (const [patch, field] of cases) {
      const res = await api(url, 'PUT', '/api/v1/Settings', { token, body: { ...realCompany, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(fields(res.body), JSON.stringify(patch)).toEqual([field]);
    }
    expect((await api(url, 'GET', '/api/v1/Settings')).body).toEqual(defaultCompanyDetails);
    const quote = en('Erste Zeile.\n\nZweiter Absatz.');
    const saved = await api(url, 'PUT', '/api/v1/Settings', {
      token,
      body: { ...realCompany, person: { ...defaultCompanyDetails.person, quote } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.person.quote).toEqual(quote);
  });

  it('puts the saved company, not the placeholder, into the mails of an inquiry', async () => {
    const smtp = await SmtpSink.start();
    const { url } = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      CONTACT_TO: 'inbox@blitzwerk.example',
      MAIL_FROM: 'web@blitzwerk.example',
    });
    const token = await signIn(url);
    const body = { ...realCompany, street: 'Am Blitzableiter 7', postalCode: '63452' };
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body })).status).toBe(200);
    expect((await postContact(url, generalMessage)).status).toBe(201);
    const mails = await smtp.waitFor(2);
    const toCompany = mails.find((m) => m.to.includes('inbox@blitzwerk.example'))!;
    expect(toCompany.mail.from?.value[0]?.name).toBe('Blitzwerk Website');
    const confirmation = mails.find((m) => m.to.includes('erika@example.org'))!;
    expect(confirmation.mail.subject).toContain('Ihre Anfrage bei Blitzwerk');
    expect(confirmation.mail.text).toContain(
      'Blitzwerk Hanau GmbH\nAm Blitzableiter 7, 63452 Hanau\n+49 6181 123456 · info@blitzwerk.de',
    );
    expect(confirmation.mail.text).not.toContain(defaultCompanyDetails.name);
  });
});
