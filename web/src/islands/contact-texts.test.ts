import fs from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { type Texts, createT, loadTexts, setTexts, useTranslation } from './contact-texts';

const texts = {
  heading: 'Schreiben Sie uns',
  fields: { firstName: 'Vorname' },
  notices: { missingFields: 'Es fehlen: {{fields}}' },
  attachments: {
    summary: '{{count}} Dateien, {{size}}',
    summary_one: '{{count}} Datei, {{size}}',
    limits: 'Bis zu {{ maxFiles }} Dateien, je {{maxFileMb}} MB',
  },
};

describe('the contact island text lookup', () => {
  it('finds nested keys and fills placeholders, unescaped, as i18next does with escapeValue off', () => {
    const t = createT('de', texts);
    expect(t('heading')).toBe('Schreiben Sie uns');
    expect(t('fields.firstName')).toBe('Vorname');
    expect(t('notices.missingFields', { fields: 'Vorname, <E-Mail>' })).toBe('Es fehlen: Vorname, <E-Mail>');
    expect(t('attachments.limits', { maxFiles: 10, maxFileMb: 10 })).toBe('Bis zu 10 Dateien, je 10 MB');
  });

  it('chooses the plural form by count with the language’s rules, falling back to the bare key', () => {
    const t = createT('de', texts);
    expect(t('attachments.summary', { count: 1, size: '2 KB' })).toBe('1 Datei, 2 KB');
    expect(t('attachments.summary', { count: 2, size: '4 KB' })).toBe('2 Dateien, 4 KB');
    expect(t('attachments.summary', { count: 0, size: '0 KB' })).toBe('0 Dateien, 0 KB');
    // English has the same two forms; the rule's name comes from Intl.PluralRules.
    expect(createT('en', { n: 'many', n_one: 'one' })('n', { count: 1 })).toBe('one');
  });

  it('shows the key for a missing text and nothing for a missing value', () => {
    const t = createT('en', texts);
    expect(t('notices.nothing')).toBe('notices.nothing');
    expect(t('fields')).toBe('fields');
    expect(t('fields.firstName.deeper')).toBe('fields.firstName.deeper');
    expect(t('notices.missingFields')).toBe('Es fehlen: ');
  });

  it('serves the texts set last to useTranslation, with the page’s language', () => {
    setTexts('en', { send: 'Send' });
    const { t, i18n } = useTranslation('contact');
    expect(t('send')).toBe('Send');
    expect(i18n.language).toBe('en');
  });
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const url = (lang: string) => `/assets/i18n/contact/${lang}.json`;

describe('loading the contact island texts', () => {
  it('uses the request main.ts started, without asking again', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const texts = await loadTexts('de', { url, started: Promise.resolve(json({ a: 'b' })), fetch });
    expect(texts).toEqual({ a: 'b' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tries twice more after a failure, waiting 300 then 600 ms', async () => {
    const sleep = vi.fn(() => Promise.resolve());
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json({}, 503))
      .mockResolvedValueOnce(json({ send: 'Senden' }));
    const texts = await loadTexts('de', { url, started: Promise.reject(new Error('offline')), fetch, sleep });
    expect(texts).toEqual({ send: 'Senden' });
    expect(fetch.mock.calls.map((call) => call[0])).toEqual([url('de'), url('de')]);
    expect(sleep.mock.calls).toEqual([[300], [600]]);
  });

  it('falls back to the other language, then gives up with the error', async () => {
    const sleep = () => Promise.resolve();
    const fetch = vi.fn<typeof globalThis.fetch>((input) =>
      Promise.resolve(String(input).includes('/en.') ? json({ send: 'Send' }) : json({}, 500)),
    );
    expect(await loadTexts('de', { url, fetch, sleep })).toEqual({ send: 'Send' });
    expect(fetch).toHaveBeenCalledTimes(4);
    const failing = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(loadTexts('en', { url, fetch: failing, sleep })).rejects.toThrow('Failed to fetch');
    expect(failing).toHaveBeenCalledTimes(6);
  });
});

describe('the lookup beside i18next', () => {
  /** Every text's key, plural forms by their bare key. */
  const keys = (node: Texts, prefix = ''): string[] =>
    Object.entries(node).flatMap(([key, child]) =>
      typeof child === 'string' ? [`${prefix}${key.replace(/_(one|other)$/, '')}`] : keys(child, `${prefix}${key}.`),
    );

  it.each(['de', 'en'] as const)('gives the form’s texts (%s) as the server’s i18next renders them', async (lang) => {
    const texts = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, `../locales/${lang}/contact.json`), 'utf8'),
    ) as Texts;
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: lang,
      resources: { [lang]: { contact: texts } },
      defaultNS: 'contact',
      fallbackLng: false,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    const t = createT(lang, texts);
    // Untyped: the test walks every key of the file, whatever i18next's typed keys say.
    const expected = i18n.getFixedT(lang, 'contact') as unknown as (key: string, options: object) => string;
    const values = {
      fields: 'Vorname, E-Mail',
      files: 'a.exe',
      reference: '20261125-ABCDEF',
      max: 10,
      maxFiles: 10,
      maxFileMb: 10,
      maxTotalMb: 25,
    };
    for (const key of new Set(keys(texts)))
      for (const count of [0, 1, 2])
        expect(t(key, { ...values, count, size: '1 KB', name: 'plan.pdf', title: 'Monteur' }), key).toBe(
          expected(key, { ...values, count, size: '1 KB', name: 'plan.pdf', title: 'Monteur' }),
        );
  });
});
