import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inquirySearchCountCap } from '@blitz/contract';
import { api, databaseKinds, signIn, startTestApp } from '../../test/helper';
import { generalMessage, postContact, priceInquiry } from '../contact/contact.test-kit';
import { setDeliveryStatus, updateInquiryWork } from '../contact/inquiries.repository';
import { inquiryStore } from './inbox.test-kit';

/** Stores an inquiry as the contact form would, with a chosen time of arrival. */
const store = inquiryStore();

type Row = { id: number; reference: string };
const ids = (body: { data: Row[] }) => body.data.map((r) => r.id);

describe.each(databaseKinds)('searching and filtering the inbox on %s', (kind) => {
  it('finds by name, e-mail, company or message, in any case (umlauts too), with the count of all matches', async () => {
    const { url, app } = await startTestApp(kind);
    const mueller = await store(app.db, { firstName: 'Jörg', lastName: 'MÜLLER', email: 'j.mueller@firma.example' });
    const company = await store(app.db, { companyName: 'Dachdeckerei Özdemir GmbH', email: 'info@oezdemir.example' });
    const message = await store(app.db, { message: 'Angebot für den Blitzschutz unserer Lagerhalle 100% bitte' });
    await store(app.db, { firstName: 'Anna', lastName: 'Schmidt', email: 'anna@schmidt.example' });
    const token = await signIn(url);
    const search = async (term: string) => {
      const res = await api(url, 'GET', `/api/v1/Inquiry?Search=${encodeURIComponent(term)}`, { token });
      expect(res.status, res.text).toBe(200);
      return res.body;
    };
    expect(ids(await search('müller'))).toEqual([mueller]);
    expect(ids(await search('jörg müller'))).toEqual([mueller]);
    expect(ids(await search('J.MUELLER@'))).toEqual([mueller]);
    expect(ids(await search('ÖZDEMIR gmbh'))).toEqual([company]);
    expect(ids(await search('lagerhalle'))).toEqual([message]);
    // LIKE's wildcards are plain characters in a search.
    expect(ids(await search('100%'))).toEqual([message]);
    expect((await search('_')).count).toBe(0);
    expect((await search('  ')).count).toBe(4);
    const all = await search('.example');
    expect(all.count).toBe(3);
    const paged = await api(url, 'GET', '/api/v1/Inquiry?Search=.example&PageLength=2&PageNumber=2', { token });
    expect(paged.body.count).toBe(3);
    expect(paged.body.data).toHaveLength(1);
  });

  it('keeps its full-text index with every write: found once stored, never after a rollback, gone with a deletion', async () => {
    const { url, app } = await startTestApp(kind);
    const token = await signIn(url);
    const search = async (term: string) =>
      ids((await api(url, 'GET', `/api/v1/Inquiry?Search=${encodeURIComponent(term)}`, { token })).body);
    const kept = await store(app.db, { message: 'Erdungsmessung am Quxwerk Nord' });
    expect(await search('QUXWERK')).toEqual([kept]);
    await expect(
      app.db.transaction().execute(async (trx) => {
        await store(trx, { message: 'Erdungsmessung am Quxwerk Süd' });
        throw new Error('the request failed after the insert');
      }),
    ).rejects.toThrow('the request failed');
    expect(await search('quxwerk')).toEqual([kept]);
    const gone = await store(app.db, { firstName: 'Zoë', lastName: 'Vyqhart', message: 'Bitte um Rückruf' });
    expect(await search('zoë vyq')).toEqual([gone]);
    expect((await api(url, 'DELETE', `/api/v1/Inquiry/${gone}`, { token })).status).toBe(204);
    expect(await search('vyqhart')).toEqual([]);
    if (kind === 'sqlite') {
      // secure-delete: the deleted text's trigrams are out of the index itself, not only hidden.
      await sql`create virtual table temp.search_terms using fts5vocab(main, inquiries_search, 'row')`.execute(app.db);
      const terms = (await sql<{ term: string }>`select term from search_terms`.execute(app.db)).rows.map((r) => r.term);
      expect(terms).toContain('qux');
      expect(terms).not.toContain('vyq');
    } else {
      const { rows } =
        await sql`select 1 from pg_indexes where schemaname = current_schema() and indexname = 'inquiries_search_trgm'`.execute(
          app.db,
        );
      expect(rows).toHaveLength(1);
    }
  });

  it('counts a search up to 1,000 matches and says there are more, while every other list counts all', async () => {
    const { url, app } = await startTestApp(kind);
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < inquirySearchCountCap + 2; i++) await store(trx, { message: `Prüfbericht Quxcap Nummer ${i}` });
    });
    await store(app.db, { message: 'Nur eine mit Quxsolo' });
    const token = await signIn(url);
    const list = async (query: string) => (await api(url, 'GET', `/api/v1/Inquiry?${query}`, { token })).body;
    expect(await list('Search=quxcap&PageLength=5')).toMatchObject({ count: inquirySearchCountCap, countCapped: true });
    expect((await list('Search=quxcap&PageLength=20&PageNumber=50')).data).toHaveLength(20);
    expect(await list('Search=quxsolo')).toMatchObject({ count: 1, countCapped: false });
    expect(await list('PageLength=1')).toMatchObject({ count: inquirySearchCountCap + 3, countCapped: false });
  });

  it('pages a term thousands hold newest first, as for a term few hold (SQLite walks the rows then)', async () => {
    const { url, app } = await startTestApp(kind);
    // Stored oldest first, not in id order's reverse: the page follows the time of arrival.
    const start = Date.parse('2026-10-01T08:00:00.000Z');
    const matching: number[] = [];
    await app.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 2_050; i++) {
        const createdAt = new Date(start + (i % 2 === 0 ? i : 4_100 - i) * 60_000).toISOString();
        matching.push(await store(trx, { message: `Quxwalk Prüfung ${i}`, createdAt }));
        if (i % 100 === 0) await store(trx, { message: 'Anderes Thema', createdAt });
      }
    });
    const created = new Map<number, string>();
    const rows = await app.db.selectFrom('inquiries').select(['id', 'created_at']).execute();
    for (const row of rows) created.set(row.id, row.created_at);
    const newest = [...matching].sort((a, b) => (created.get(b)! < created.get(a)! ? -1 : 1) || b - a);
    const token = await signIn(url);
    const page = async (n: number) =>
      ids((await api(url, 'GET', `/api/v1/Inquiry?Search=quxwalk&PageLength=20&PageNumber=${n}`, { token })).body);
    expect(await page(1)).toEqual(newest.slice(0, 20));
    expect(await page(3)).toEqual(newest.slice(40, 60));
  });

  it('filters by type, delivery, handled, spam and days received (Berlin time), alone and together', async () => {
    const { url, app } = await startTestApp(kind);
    // 22:30 UTC on 20 Nov is 23:30 in Berlin: still the 20th there; 23:30 UTC is already the 21st.
    const lateOn20th = await store(app.db, { subject: 'priceInquiry', createdAt: '2026-11-20T22:30:00.000Z' });
    const earlyOn21st = await store(app.db, { subject: 'application', createdAt: '2026-11-20T23:30:00.000Z' });
    const summer = await store(app.db, { subject: 'priceInquiry', createdAt: '2026-07-01T21:59:00.000Z' }); // 23:59 CEST
    const spam = await store(app.db, { spam: true, createdAt: '2026-11-21T08:00:00.000Z' });
    await setDeliveryStatus(app.db, lateOn20th, 'failed');
    await setDeliveryStatus(app.db, summer, 'delivered');
    await updateInquiryWork(app.db, summer, { status: 'closed', handledAt: '2026-07-02T08:00:00.000Z' });
    const token = await signIn(url);
    const list = async (query: string) => {
      const res = await api(url, 'GET', `/api/v1/Inquiry?${query}`, { token });
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      expect(res.body.count, query).toBe(res.body.data.length);
      return ids(res.body);
    };
    expect(await list('')).toEqual([earlyOn21st, lateOn20th, summer]);
    expect(await list('Subject=priceInquiry')).toEqual([lateOn20th, summer]);
    expect(await list('Delivery=failed')).toEqual([lateOn20th]);
    expect(await list('Handled=true')).toEqual([summer]);
    expect(await list('Handled=false')).toEqual([earlyOn21st, lateOn20th]);
    expect(await list('Spam=true')).toEqual([spam]);
    expect(await list('Spam=true&Delivery=skipped')).toEqual([spam]);
    expect(await list('From=2026-11-21')).toEqual([earlyOn21st]);
    expect(await list('To=2026-11-20')).toEqual([lateOn20th, summer]);
    expect(await list('From=2026-07-01&To=2026-07-01')).toEqual([summer]);
    expect(await list('From=2026-11-20&To=2026-11-20')).toEqual([lateOn20th]);
    expect(await list('Subject=priceInquiry&Handled=false&From=2026-11-01')).toEqual([lateOn20th]);
    expect(await list('Subject=priceInquiry&Delivery=failed&Handled=true')).toEqual([]);
    // Parameter names in any case, as everywhere in the API.
    expect(await list('subject=application')).toEqual([earlyOn21st]);
  });

  it('refuses bad filter values with 400 naming the field, never 500', async () => {
    const { url } = await startTestApp(kind);
    const token = await signIn(url);
    const cases: [string, string][] = [
      ['Subject=offer', 'Subject'],
      ['Delivery=lost', 'Delivery'],
      ['Handled=yes', 'Handled'],
      ['Status=handled', 'Status'],
      ['Assignee=someone', 'Assignee'],
      ['FollowUpDue=soon', 'FollowUpDue'],
      ['Spam=maybe', 'Spam'],
      ['From=2026-13-01', 'From'],
      ['From=2026-02-30', 'From'],
      ['To=yesterday', 'To'],
      ['From=2026-11-21&To=2026-11-20', 'To'],
      [`Search=${'x'.repeat(201)}`, 'Search'],
      ['Search=a%01b', 'Search'],
      ['Search=a%0Ab', 'Search'],
      ['PageNumber=0', 'PageNumber'],
    ];
    for (const path of ['/api/v1/Inquiry', '/api/v1/Inquiry/Export']) {
      for (const [query, field] of cases) {
        if (path.endsWith('Export') && field.startsWith('Page')) continue;
        const res = await api(url, 'GET', `${path}?${query}`, { token });
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(
          res.body.errors.map((e: { field: string }) => e.field),
          query,
        ).toContain(field);
      }
      const nul = await api(url, 'GET', `${path}?Search=a%00b`, { token });
      expect(nul.status).toBe(400);
    }
    for (const [query, field] of [
      ['lang=fr', 'lang'],
      ['separator=%09', 'separator'],
    ]) {
      const res = await api(url, 'GET', `/api/v1/Inquiry/Export?${query}`, { token });
      expect(res.status, query).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('exports what the filter selects, in German by default: BOM, semicolons, local time, words instead of codes', async () => {
    const { url, app } = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0', CONTACT_RATE_LIMIT: '100' });
    await postContact(url, { ...priceInquiry, Regards: 'lps,maintenance', firstName: '=HYPERLINK("http://evil.example")' });
    await postContact(url, { ...generalMessage, message: 'Zeile 1\nZeile "2"; mit Semikolon' });
    await store(app.db, { subject: 'application', createdAt: '2026-07-01T21:59:00.000Z', firstName: '+49 Bewerber' });
    const token = await signIn(url);
    const exported = async (query: string) => {
      const res = await fetch(`${url}/api/v1/Inquiry/Export?${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      return {
        res,
        bytes,
        lines: bytes
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .split('\r\n'),
      };
    };

    const german = await exported('Subject=priceInquiry');
    expect(german.res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(german.res.headers.get('content-disposition')).toMatch(/^attachment; filename=anfragen-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...german.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(german.lines[0]).toMatch(/^"Nr\.";"Referenz";"Eingang";"Art";"Stelle";"Vorname";"Nachname";"Firma";"E-Mail"/);
    expect(german.lines).toHaveLength(3); // heading, one row, the empty string after the last CRLF
    expect(german.lines[1]).toContain('"Preisanfrage"');
    expect(german.lines[1]).toContain('"Blitzschutzanlage, Wartung und Prüfung"');
    expect(german.lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(german.lines[1]).toMatch(/"Nicht versendet – kein Mailserver eingerichtet"|"Ausstehend"/);
    expect(german.lines[1]).toContain('"Neu"');

    const application = await exported('Subject=application');
    expect(application.lines[1]).toContain('"01.07.2026 23:59"');
    expect(application.lines[1]).toContain(`"'+49 Bewerber"`);
    expect(application.lines[1]).toContain('"Bewerbung"');

    const english = await exported('lang=en&separator=,&Search=semikolon');
    expect(english.res.headers.get('content-disposition')).toMatch(/filename=inquiries-/);
    expect(english.lines[0]).toMatch(/^"No\.","Reference","Received","Type","Job","First name","Last name","Company","E-mail"/);
    expect(english.lines.join('\r\n')).toContain('"Zeile 1\nZeile ""2""; mit Semikolon"');
    expect(english.lines.join('\r\n')).toContain('"General message"');
    expect(english.lines.join('\r\n')).toMatch(/"Not sent – no mail server set up"|"Pending"/);

    const englishApplication = await exported('lang=en&Subject=application');
    expect(englishApplication.lines[1]).toContain('"2026-07-01 23:59"');

    const none = await exported('Search=nobody');
    expect(none.lines).toEqual([none.lines[0], '']);
  });

  it('streams a large export complete and newest first, across many batches', async () => {
    const { url, app } = await startTestApp(kind);
    const start = Date.parse('2026-01-01T00:00:00.000Z');
    const count = 2_345;
    for (let i = 0; i < count; i++) {
      // Pairs share a time of arrival, so the order within one instant (by id) is exercised too.
      await store(app.db, { createdAt: new Date(start + Math.floor(i / 2) * 60_000).toISOString(), firstName: `Person ${i}` });
    }
    await store(app.db, { spam: true, firstName: 'Spam' });
    const token = await signIn(url);
    const res = await fetch(`${url}/api/v1/Inquiry/Export?lang=en&separator=,`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    // No length known in advance: the file is written while it is read.
    expect(res.headers.get('content-length')).toBeNull();
    const lines = (await res.text()).split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(count);
    const names = lines.map((line) => /"Person (\d+)"/.exec(line)?.[1]).map(Number);
    expect(names).toEqual(Array.from({ length: count }, (_, i) => count - 1 - i));
    const spam = await fetch(`${url}/api/v1/Inquiry/Export?Spam=true`, { headers: { authorization: `Bearer ${token}` } });
    expect((await spam.text()).split('\r\n').slice(1, -1)).toEqual([expect.stringContaining('"Spam"')]);
  });
});
