import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@blitz/contract';
import { auditNamespaces } from '../audit-namespaces';
import { type AuditWordsContext, entryWords, itemWords } from './audit-words';

const locales = path.join(import.meta.dirname, '../../../locales');
/** The namespaces the audit tab loads, in one language. */
const texts = (lng: string) =>
  Object.fromEntries(
    auditNamespaces.map((ns) => [ns, JSON.parse(fs.readFileSync(path.join(locales, lng, `${ns}.json`), 'utf8')) as object]),
  );

const words: Record<'de' | 'en', AuditWordsContext> = {} as Record<'de' | 'en', AuditWordsContext>;
beforeAll(async () => {
  for (const lng of ['de', 'en'] as const) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      ns: [...auditNamespaces],
      defaultNS: 'audit',
      resources: { [lng]: texts(lng) },
      interpolation: { escapeValue: false },
    });
    const t = i18n.getFixedT(lng, [...auditNamespaces]) as unknown as AuditWordsContext['t'];
    words[lng] = { t, categoryTitle: (id) => (id === '9' ? (lng === 'de' ? 'Dächer' : 'Roofs') : undefined) };
  }
});

const entry = (kind: string, changes: AuditEntry['changes'], summary: string, title = 'Rathaus'): AuditEntry => ({
  id: 1,
  at: '2026-11-25T10:00:00.000Z',
  user: { id: 1, name: 'erika' },
  action: 'update',
  item: { kind, id: kind === 'mailSettings' ? null : '3', title },
  summary,
  changes,
});

describe('the audit trail in the dashboard’s words', () => {
  it('names a project’s and a job’s search entry as the editors’ section does', () => {
    for (const kind of ['project', 'job']) {
      const e = entry(
        kind,
        [
          { field: 'searchTitle', language: 'de', before: '', after: 'Blitzschutz Hanau' },
          { field: 'searchDescription', language: 'en', before: 'Old', after: '' },
        ],
        'searchTitle (de): "" → "Blitzschutz Hanau"; searchDescription (en): "Old" → ""',
      );
      expect(entryWords(e, words.de)).toBe(
        'Titel für Suchmaschinen (Deutsch): (leer) → „Blitzschutz Hanau“; Beschreibung für Suchmaschinen (Englisch): „Old“ → (leer)',
      );
      expect(entryWords(e, words.en)).toBe(
        'Title for search engines (German): (empty) → “Blitzschutz Hanau”; Description for search engines (English): “Old” → (empty)',
      );
    }
  });

  it('names a project’s fields as its form does, and its category by its title', () => {
    const e = entry(
      'project',
      [
        { field: 'location', language: 'de', before: 'Hanau', after: 'Bonn' },
        { field: 'categoryId', before: '', after: '9' },
        { field: 'workDuration', language: 'en', before: null, after: null },
        { field: 'categoryId', before: '9', after: '12' },
      ],
      'location (de): "Hanau" → "Bonn"; categoryId: "" → "9"; workDuration (en) changed; categoryId: "9" → "12"',
    );
    expect(entryWords(e, words.de)).toBe(
      'Ort (Deutsch): „Hanau“ → „Bonn“; Kategorie: (leer) → „Dächer“; Ausführungszeitraum (Englisch) geändert; Kategorie: „Dächer“ → „#12“',
    );
    expect(entryWords(e, words.en)).toBe(
      'German Location: “Hanau” → “Bonn”; Category: (empty) → “Roofs”; English Work Duration changed; Category: “Roofs” → “#12”',
    );
  });

  it('says a job’s employment type and an account’s role and inquiry types in words', () => {
    const job = entry(
      'job',
      [{ field: 'employmentType', before: 'FULL_TIME', after: 'PART_TIME' }],
      'employmentType: "FULL_TIME" → "PART_TIME"',
    );
    expect(entryWords(job, words.de)).toBe('Art der Anstellung: „Vollzeit“ → „Teilzeit“');
    const user = entry(
      'user',
      [
        { field: 'role', before: '', after: 'inbox' },
        { field: 'inquiryTypes', before: '', after: 'priceInquiry, application' },
      ],
      'role: "" → "inbox"; inquiryTypes: "" → "priceInquiry, application"',
    );
    expect(entryWords(user, words.de)).toBe('Rolle: (leer) → „Posteingang“; Anfragearten: (leer) → „Preisanfragen, Bewerbungen“');
    expect(entryWords(user, words.en)).toBe('Role: (empty) → “Inbox”; Inquiry types: (empty) → “Price inquiries, Applications”');
  });

  it('names a page’s and a post’s fields, their sections and a library file’s as their editors do', () => {
    const page = entry(
      'page',
      [
        { field: 'title (en)', before: 'Autumn', after: 'Autumn check' },
        { field: 'place', before: 'none', after: 'navigation' },
        { field: 'noindex', before: 'false', after: 'true' },
        { field: 'sections', before: 'text', after: 'text, faq' },
        { field: 'searchTitle (de)', before: '', after: 'Prüfung' },
        { field: 'section 2 (faq)', before: null, after: null },
      ],
      'title (en): "Autumn" → "Autumn check"; place: "none" → "navigation"; noindex: "false" → "true"; sections: "text" → "text, faq"; searchTitle (de): "" → "Prüfung"; section 2 (faq) changed',
    );
    expect(entryWords(page, words.de)).toBe(
      'Titel (Englisch): „Autumn“ → „Autumn check“; Verlinkt in: „nirgends“ → „Navigation“; Von Suchmaschinen fernhalten: „nein“ → „ja“; Abschnitte: „Text“ → „Text, Fragen und Antworten“; Titel für Suchmaschinen (Deutsch): (leer) → „Prüfung“; Abschnitt 2: Fragen und Antworten geändert',
    );
    const post = entry(
      'news',
      [
        { field: 'publishAt', before: '', after: '2027-01-04T06:00:00.000Z' },
        { field: 'teaser (de)', before: null, after: null },
      ],
      'publishAt: "" → "2027-01-04T06:00:00.000Z"; teaser (de) changed',
    );
    expect(entryWords(post, words.en)).toBe(
      'Date and time (German time): (empty) → “2027-01-04T06:00:00.000Z”; Teaser (German) changed',
    );
    const file = entry(
      'file',
      [{ field: 'alt', language: 'en', before: 'Roof', after: 'Roof in Hanau' }],
      'alt (en): "Roof" → "Roof in Hanau"',
    );
    expect(entryWords(file, words.de)).toBe('Alternativtext (Englisch): „Roof“ → „Roof in Hanau“');
  });

  it('keeps the note after the changes, and an entry without changes as the server wrote it', () => {
    const reset = entry('user', [], 'reason: lost phone');
    expect(entryWords(reset, words.de)).toBe('reason: lost phone');
    const withNote = entry('category', [{ field: 'name', before: 'a', after: 'b' }], 'name: "a" → "b"; 3 removed for good');
    expect(entryWords(withNote, words.en)).toBe('Name: “a” → “b”; 3 removed for good');
  });

  it('names the mail settings by their kind, in the dashboard’s language, and their fields as the form does', () => {
    const mail = entry(
      'mailSettings',
      [{ field: 'recipients.priceInquiry', before: 'a@b.de', after: 'c@d.de' }],
      'recipients.priceInquiry: "a@b.de" → "c@d.de"',
      'Mail settings',
    );
    expect(itemWords(mail, 'E-Mail-Einstellungen', words.de.t)).toBe('E-Mail-Einstellungen');
    expect(entryWords(mail, words.de)).toBe('Empfänger: Preisanfrage: „a@b.de“ → „c@d.de“');
    const company = entry(
      'companyDetails',
      [{ field: 'openingHours', language: 'de', before: 'Mo', after: 'Di' }],
      'openingHours (de): "Mo" → "Di"',
    );
    expect(entryWords(company, words.en)).toBe('Opening hours (German): “Mo” → “Di”');
  });

  it('names an inquiry type by its name, and each field’s setting as the forms tab does', () => {
    const changes = [
      { field: 'CompanyName.required', before: 'true', after: 'false' },
      { field: 'CompanyName.labels.de', before: '', after: 'Firma oder Gemeinde' },
      { field: 'names.en', before: '', after: 'Quote' },
    ];
    const summary =
      'CompanyName.required: "true" → "false"; CompanyName.labels.de: "" → "Firma oder Gemeinde"; names.en: "" → "Quote"';
    const type = {
      ...entry('inquiryType', changes, summary),
      item: { kind: 'inquiryType', id: 'priceInquiry', title: 'priceInquiry' },
    };
    expect(itemWords(type, 'Anfrageart', words.de.t)).toBe('Anfrageart: Preisanfrage');
    expect(entryWords(type, words.de)).toBe(
      'Firmenname: Pflichtfeld: „ja“ → „nein“; Firmenname: Bezeichnung (Deutsch): (leer) → „Firma oder Gemeinde“; Name (Englisch): (leer) → „Quote“',
    );
  });

  it('names a mail template by its type, mail and language, and its subject and text as the form does', () => {
    const template = {
      ...entry(
        'mailTemplate',
        [{ field: 'body', before: 'so bald wie möglich.', after: 'innerhalb von zwei Wochen.' }],
        'body: …',
      ),
      item: { kind: 'mailTemplate', id: 'application.confirmation.de', title: 'Mail template application.confirmation.de' },
      summary: 'body: "so bald wie möglich." → "innerhalb von zwei Wochen."',
    };
    expect(itemWords(template, 'E-Mail-Vorlage', words.de.t)).toBe(
      'E-Mail-Vorlage: Bewerbung, Bestätigung an den Absender (Deutsch)',
    );
    expect(entryWords(template, words.en)).toBe('Text: “so bald wie möglich.” → “innerhalb von zwei Wochen.”');
    const language = entry(
      'mailSettings',
      [{ field: 'notificationLanguage', before: 'de', after: 'en' }],
      'notificationLanguage: "de" → "en"',
      'Mail settings',
    );
    expect(entryWords(language, words.de)).toBe('Sprache der Benachrichtigung an die Firma: „Deutsch“ → „Englisch“');
  });
});
