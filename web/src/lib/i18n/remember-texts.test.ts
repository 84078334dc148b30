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
});
