import { describe, expect, it } from 'vitest';
import {
  type InquiryDetail,
  type RetentionSettings,
  applicationConsentFields,
  applicationConsentTexts,
  applicationConsentVersion,
  apiRoutes,
  apiUrl,
} from '@blitz/contract';
import { api, backends, signIn, startTestApp } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { generalMessage, pdfFile, postContact, priceInquiry, storedObjects } from '../contact/contact.test-kit';
import { writeRetentionSetting } from '../contact/inquiries.repository';
import { unzip } from '../privacy/privacy.test-kit';
import { inquiryHousekeeping } from './inquiry-housekeeping';

// Issue 42, decision 050: an application is deleted six months after it was closed, unless its
// applicant ticked the box to be kept for later openings; then two years after. The app's clock is
// moved by the test; the housekeeping task reads it.

const day = 24 * 3600_000;
const one = (id: number) => apiUrl(apiRoutes.inbox.onePath(id));
const retentionUrl = apiUrl(apiRoutes.inbox.retention);
const application = { ...generalMessage, subject: 'application', message: 'Ich bewerbe mich als Monteur.' };
const consent = { [applicationConsentFields.consent]: 'true' };

async function consentSite(kind: (typeof backends)[number]) {
  const start = Date.now();
  let now = new Date(start);
  const site = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' }, { clock: () => now });
  const token = await signIn(site.url);
  const housekeeping = inquiryHousekeeping(site.app.db, site.app.attachments, site.app.clock);
  return {
    ...site,
    token,
    /** The app's clock, `days` after the test began. */
    at: (days: number) => {
      now = new Date(start + days * day);
    },
    post: async (fields: Record<string, string>, withFile = true) => {
      const created = await postContact(site.url, fields, withFile ? [pdfFile('lebenslauf.pdf')] : []);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return created.body.id as number;
    },
    detail: async (id: number) => {
      const res = await api(site.url, 'GET', one(id), { token });
      expect(res.status, res.text).toBe(200);
      return res.body as InquiryDetail;
    },
    close: async (id: number) => {
      const res = await api(site.url, 'PUT', one(id), { token, body: { status: 'closed' } });
      expect(res.status, res.text).toBe(200);
    },
    /** Which of these ids are still stored. */
    kept: async (ids: number[]) => {
      const kept: number[] = [];
      for (const id of ids) if ((await api(site.url, 'GET', one(id), { token })).status === 200) kept.push(id);
      return kept;
    },
    clean: async () => (await housekeeping.run())['expired'],
  };
}

describe.each(backends)('applications kept for later openings, on $name (issue 42)', (kind) => {
  it('store a ticked box with its words and version in the language shown; unticked, absent or on another type none', async () => {
    const site = await consentSite(kind);
    site.at(3);
    const english = await site.post({ ...application, ...consent, language: 'en' });
    const german = await site.post({
      ...application,
      ...consent,
      [applicationConsentFields.version]: applicationConsentVersion,
    });
    const unticked = await site.post({ ...application, [applicationConsentFields.consent]: 'false' });
    const absent = await site.post(application);
    // A form sent without JavaScript sends a box ticked before the subject was changed: ignored.
    const price = await site.post({ ...priceInquiry, ...consent });
    const general = await site.post({ ...generalMessage, ...consent });

    const receivedAt = (await site.detail(english)).createdAt;
    expect((await site.detail(english)).applicationConsent).toEqual({
      givenAt: receivedAt,
      version: applicationConsentVersion,
      language: 'en',
      text: applicationConsentTexts[applicationConsentVersion].en,
    });
    expect((await site.detail(german)).applicationConsent).toMatchObject({
      language: 'de',
      text: applicationConsentTexts[applicationConsentVersion].de,
    });
    for (const id of [unticked, absent, price, general]) expect((await site.detail(id)).applicationConsent).toBeNull();
    // Nothing of it is stored with the other types either.
    const rows = await site.app.db
      .selectFrom('inquiries')
      .select(['id', 'consent_at', 'consent_version', 'consent_text'])
      .where('id', 'in', [price, general, unticked, absent])
      .execute();
    expect(rows.every((r) => r.consent_at === null && r.consent_version === null && r.consent_text === null)).toBe(true);
  });

  it('is named in the mail to the company, given or not', async () => {
    const smtp = await SmtpSink.start();
    const site = await startTestApp(kind, {
      CONTACT_MIN_FILL_SECONDS: '0',
      MAIL_POLL_MS: '50',
      SMTP_URL: smtp.url,
      CONFIRMATION_MAIL: 'false',
    });
    expect((await postContact(site.url, { ...application, ...consent })).status).toBe(201);
    await smtp.waitFor(1);
    expect((await postContact(site.url, { ...application, lastName: 'Ohne' })).status).toBe(201);
    const [given, none] = await smtp.waitFor(2);
    expect(given!.mail.text).toContain(`Für spätere Stellen aufbewahren: eingewilligt (Fassung ${applicationConsentVersion})`);
    expect(none!.mail.text).toContain('Für spätere Stellen aufbewahren: nicht eingewilligt');
  });

  it("is in the person's export: the words agreed to in data.json and the summary, and how long it is kept", async () => {
    const site = await consentSite(kind);
    const id = await site.post({ ...application, ...consent, language: 'en' });
    await site.close(id);
    const res = await fetch(site.url + apiUrl(apiRoutes.person.export), {
      method: 'POST',
      headers: { authorization: `Bearer ${site.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: application.email }),
    });
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    const data = JSON.parse(entries.get('data.json')!.toString('utf8'));
    const { createdAt } = await site.detail(id);
    expect(data.inquiries[0].consent).toEqual({
      at: createdAt,
      version: applicationConsentVersion,
      text: applicationConsentTexts[applicationConsentVersion].en,
    });
    const summary = entries.get('summary.txt')!.toString('utf8');
    expect(summary).toContain(`Consent (later openings): given on `);
    expect(summary).toContain(applicationConsentTexts[applicationConsentVersion].en);
    expect(summary).toContain('Kept for: 730 days after the application process has ended, then deleted automatically.');
  });

  it('refuses a box value or a version the form never sends with 400 naming the field, and stores nothing', async () => {
    const site = await consentSite(kind);
    for (const [fields, field] of [
      [{ [applicationConsentFields.consent]: 'yes' }, applicationConsentFields.consent],
      [{ [applicationConsentFields.consent]: 'on' }, applicationConsentFields.consent],
      [{ ...consent, [applicationConsentFields.version]: '1999-01-01' }, applicationConsentFields.version],
      [{ ...consent, [applicationConsentFields.version]: '__proto__' }, applicationConsentFields.version],
    ] as const) {
      const refused = await postContact(site.url, { ...application, ...fields }, [pdfFile()]);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors).toEqual([{ field, message: expect.any(String) }]);
    }
    expect((await api(site.url, 'GET', apiUrl(apiRoutes.inbox.list), { token: site.token })).body.count).toBe(0);
    expect(await storedObjects(site.app)).toEqual([]);
  });

  it('deletes a closed application six months after closing without consent, two years after with it; open ones by their own rule', async () => {
    const site = await consentSite(kind);
    const defaults = (await api(site.url, 'GET', retentionUrl, { token: site.token })).body as RetentionSettings;
    expect(defaults).toEqual({
      application: 180,
      priceInquiry: null,
      generalMessage: null,
      applicationAfterClosing: 183,
      applicationWithConsent: 730,
    });

    const withoutConsent = await site.post(application);
    const withConsent = await site.post({ ...application, ...consent });
    const openWithout = await site.post(application);
    const openWith = await site.post({ ...application, ...consent });
    const price = await site.post(priceInquiry);
    const general = await site.post(generalMessage, false);
    const all = [withoutConsent, withConsent, openWithout, openWith, price, general];
    expect(await storedObjects(site.app)).toHaveLength(5);

    site.at(10);
    for (const id of [withoutConsent, withConsent, price]) await site.close(id);
    expect((await site.detail(withoutConsent)).handledAt).toBe(new Date(site.app.clock()).toISOString());

    site.at(179);
    expect(await site.clean()).toBe(0);
    // 180 days after arrival, an open application without consent goes as before; a closed one
    // waits for its six months after closing; an open one with consent stays.
    site.at(181);
    expect(await site.clean()).toBe(1);
    expect(await site.kept(all)).toEqual([withoutConsent, withConsent, openWith, price, general]);

    site.at(10 + 182);
    expect(await site.clean()).toBe(0);
    site.at(10 + 184);
    expect(await site.clean()).toBe(1);
    expect(await site.kept(all)).toEqual([withConsent, openWith, price, general]);
    // Its file went with it: those of the consented one, the open one and the price inquiry stay.
    expect(await storedObjects(site.app)).toHaveLength(3);

    site.at(10 + 729);
    expect(await site.clean()).toBe(0);
    site.at(10 + 731);
    expect(await site.clean()).toBe(1);
    expect(await site.kept(all)).toEqual([openWith, price, general]);
    expect(await storedObjects(site.app)).toHaveLength(2);

    // Other types stay as their own rule says (kept, by default), however long ago they were closed.
    site.at(5000);
    expect(await site.clean()).toBe(0);
    expect(await site.kept(all)).toEqual([openWith, price, general]);
  });

  it('takes the periods staff set; an empty one keeps closed applications', async () => {
    const site = await consentSite(kind);
    const saved = await api(site.url, 'PUT', retentionUrl, {
      token: site.token,
      body: {
        application: null,
        priceInquiry: null,
        generalMessage: null,
        applicationAfterClosing: 30,
        applicationWithConsent: null,
      },
    });
    expect(saved.status, saved.text).toBe(200);
    const withoutConsent = await site.post(application);
    const withConsent = await site.post({ ...application, ...consent });
    const open = await site.post(application);
    await site.close(withoutConsent);
    await site.close(withConsent);
    site.at(29);
    expect(await site.clean()).toBe(0);
    site.at(31);
    expect(await site.clean()).toBe(1);
    site.at(4000);
    expect(await site.clean()).toBe(0);
    expect(await site.kept([withoutConsent, withConsent, open])).toEqual([withConsent, open]);
  });

  it('keeps the promises of the retention API: what GET answered is accepted, a client that leaves the new periods out keeps them', async () => {
    const site = await consentSite(kind);
    const put = (body: unknown) => api(site.url, 'PUT', retentionUrl, { token: site.token, body });
    const read = async () => (await api(site.url, 'GET', retentionUrl, { token: site.token })).body as RetentionSettings;

    const first = await put({ ...(await read()), applicationAfterClosing: 200, applicationWithConsent: 1000 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ applicationAfterClosing: 200, applicationWithConsent: 1000 });
    const again = await put(await read());
    expect(again.status, again.text).toBe(200);

    // A client of the release before: the three types only.
    const older = await put({ application: 90, priceInquiry: 365, generalMessage: null });
    expect(older.status, older.text).toBe(200);
    expect(older.body).toEqual({
      application: 90,
      priceInquiry: 365,
      generalMessage: null,
      applicationAfterClosing: 200,
      applicationWithConsent: 1000,
    });
    expect(await read()).toEqual(older.body);

    for (const body of [
      { ...(await read()), applicationAfterClosing: 0 },
      { ...(await read()), applicationWithConsent: 3651 },
      { ...(await read()), applicationWithConsent: '730' },
      { ...(await read()), applicationAfterClosing: 1.5 },
      { ...(await read()), unknown: 1 },
    ]) {
      const refused = await put(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect(await read()).toEqual(older.body);

    // A value saved by the release before: the application periods are the defaults.
    await writeRetentionSetting(site.app.db, JSON.stringify({ application: 60, priceInquiry: null, generalMessage: 30 }));
    expect(await read()).toEqual({
      application: 60,
      priceInquiry: null,
      generalMessage: 30,
      applicationAfterClosing: 183,
      applicationWithConsent: 730,
    });
  });
});
