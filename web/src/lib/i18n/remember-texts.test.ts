import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { rememberTexts } from './i18n';

/** A lookup of this file's own texts, not the site's (whose keys the project's i18next types list). */
type Lookup = (key: string, options?: object) => unknown;

async function instance(atMost?: number) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'de',
    fallbackLng: false,
    defaultNS: 'inbox',
    ns: ['inbox'],
    interpolation: { escapeValue: false },
    resources: {
      de: {
        inbox: {
          open: 'Öffnen',
          assignedTo: 'Zugewiesen an {{name}}',
          count_one: 'eine Anfrage',
          count_other: '{{count}} Anfragen',
        },
      },
      en: {
        inbox: { open: 'Open', assignedTo: 'Assigned to {{name}}', count_one: 'one inquiry', count_other: '{{count}} inquiries' },
      },
    },
  });
  const lookUp = vi.spyOn(i18n, 't');
  rememberTexts(i18n, atMost);
  return {
    i18n,
    lookUp,
    /** `i18n.t` as it is now (the remembering one). */
    t: ((key, options) => (i18n.t as unknown as Lookup)(key, options)) as Lookup,
    /** What `useTranslation('inbox')` hands a component. */
    inboxT: () => i18n.getFixedT(null, 'inbox') as unknown as Lookup,
  };
}

describe('rememberTexts', () => {
  it('answers a text asked before from memory, each key and options apart', async () => {
    const { inboxT, lookUp } = await instance();
    const t = inboxT();
    expect(t('open')).toBe('Öffnen');
    expect(t('open')).toBe('Öffnen');
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect(t('assignedTo', { name: 'Erika' })).toBe('Zugewiesen an Erika');
    expect(t('assignedTo', { name: 'Max' })).toBe('Zugewiesen an Max');
    expect(t('count', { count: 1 })).toBe('eine Anfrage');
    expect(t('count', { count: 3 })).toBe('3 Anfragen');
    expect(t('assignedTo', { name: 'Erika' })).toBe('Zugewiesen an Erika');
    expect(lookUp).toHaveBeenCalledTimes(5);
  });

  it('forgets when the language changes or texts are added', async () => {
    const { i18n, t } = await instance();
    expect(t('open', { ns: 'inbox' })).toBe('Öffnen');
    await i18n.changeLanguage('en');
    expect(t('open', { ns: 'inbox' })).toBe('Open');
    i18n.addResource('en', 'inbox', 'open', 'Open it');
    expect(t('open', { ns: 'inbox' })).toBe('Open it');
    expect(t('later', { ns: 'jobs' })).toBe('later');
    i18n.addResourceBundle('en', 'jobs', { later: 'A namespace loaded later' });
    expect(t('later', { ns: 'jobs' })).toBe('A namespace loaded later');
  });

  it('keeps at most the texts it is told to, starting afresh beyond', async () => {
    const { inboxT, lookUp } = await instance(2);
    const t = inboxT();
    for (const name of ['A', 'B', 'A', 'B']) t('assignedTo', { name });
    expect(lookUp).toHaveBeenCalledTimes(2);
    t('assignedTo', { name: 'C' });
    expect(t('assignedTo', { name: 'A' })).toBe('Zugewiesen an A');
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it('leaves calls with objects or functions in their options to i18next each time', async () => {
    const { t, lookUp } = await instance();
    const when = new Date('2026-11-29T10:00:00Z');
    t('open', { ns: 'inbox', when });
    t('open', { ns: 'inbox', when });
    t('open', { ns: 'inbox', postProcess: () => 'x' });
    t('open', { ns: 'inbox', postProcess: () => 'x' });
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it('reads a plain text from the store, and answers every text as i18next does', async () => {
    const texts = {
      common: {
        title: 'Titel',
        nested: { deep: 'Tief' },
        'flat.key': 'Flach',
        empty: '',
        greeting: 'Hallo {{name}}',
        copyright: '© {{year}}',
        see: 'Siehe $t(common:title)',
        list: ['eins', 'zwei'],
        group: { a: 'A' },
        onlyCommon: 'Nur hier',
      },
      admin: { title: 'Admin-Titel', heading: 'Überschrift' },
    };
    const options = {
      lng: 'de',
      fallbackLng: false as const,
      defaultNS: 'common',
      fallbackNS: 'common',
      ns: ['common', 'admin'],
      returnNull: false,
      interpolation: { escapeValue: false, defaultVariables: { year: '2026' } },
      resources: { de: texts, en: { common: { title: 'Title' }, admin: { title: 'Admin title' } } },
    };
    const plain = i18next.createInstance();
    await plain.init(options);
    const remembering = i18next.createInstance();
    await remembering.init(options);
    const lookUp = vi.spyOn(remembering, 't');
    rememberTexts(remembering);
    const keys = [
      'title',
      'nested.deep',
      'flat.key',
      'empty',
      'greeting',
      'copyright',
      'see',
      'list',
      'group',
      'onlyCommon',
      'heading',
      'missing',
      'admin:heading',
      'common:title',
    ];
    for (const [lng, ns] of [
      ['de', 'common'],
      ['de', 'admin'],
      ['de', ['admin', 'common']],
      ['en', ['admin', 'common']],
      ['en', 'common'],
    ] as const) {
      const expected = plain.getFixedT(lng, ns) as unknown as Lookup;
      const actual = remembering.getFixedT(lng, ns) as unknown as Lookup;
      for (const key of keys) {
        expect(actual(key), `${lng} ${String(ns)} ${key}`).toEqual(expected(key));
        expect(actual(key, { name: 'Erika' }), `${lng} ${String(ns)} ${key} with a name`).toEqual(
          expected(key, { name: 'Erika' }),
        );
      }
    }
    // The plain texts came from the store: i18next was asked for the others only.
    lookUp.mockClear();
    const fresh = i18next.createInstance();
    await fresh.init(options);
    const asked = vi.spyOn(fresh, 't');
    rememberTexts(fresh);
    const t = fresh.getFixedT('de', ['admin', 'common']) as unknown as Lookup;
    expect([t('title'), t('nested.deep'), t('onlyCommon'), t('heading')]).toEqual([
      'Admin-Titel',
      'Tief',
      'Nur hier',
      'Überschrift',
    ]);
    expect(asked).not.toHaveBeenCalled();
    expect(t('greeting', { name: 'Max' })).toBe('Hallo Max');
    expect(t('copyright')).toBe('© 2026');
    expect(asked).toHaveBeenCalledTimes(2);
  });
});
