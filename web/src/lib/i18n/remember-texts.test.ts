import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { rememberTexts } from './i18n';

async function instance(atMost?: number) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'de',
    fallbackLng: false,
    defaultNS: 'inbox',
    ns: ['inbox'],
    interpolation: { escapeValue: false },
    resources: {
      de: { inbox: { open: 'Öffnen', assignedTo: 'Zugewiesen an {{name}}', count_one: 'eine Anfrage', count_other: '{{count}} Anfragen' } },
      en: { inbox: { open: 'Open', assignedTo: 'Assigned to {{name}}', count_one: 'one inquiry', count_other: '{{count}} inquiries' } },
    },
  });
  const lookUp = vi.spyOn(i18n, 't');
  rememberTexts(i18n, atMost);
  return { i18n, lookUp };
}

describe('rememberTexts', () => {
  it('answers a text asked before from memory, each key and options apart', async () => {
    const { i18n, lookUp } = await instance();
    const t = i18n.getFixedT(null, 'inbox');
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
    const { i18n } = await instance();
    const t = () => i18n.t('open', { ns: 'inbox' });
    expect(t()).toBe('Öffnen');
    await i18n.changeLanguage('en');
    expect(t()).toBe('Open');
    i18n.addResource('en', 'inbox', 'open', 'Open it');
    expect(t()).toBe('Open it');
    expect(i18n.t('later', { ns: 'jobs' })).toBe('later');
    i18n.addResourceBundle('en', 'jobs', { later: 'A namespace loaded later' });
    expect(i18n.t('later', { ns: 'jobs' })).toBe('A namespace loaded later');
  });

  it('keeps at most the texts it is told to, starting afresh beyond', async () => {
    const { i18n, lookUp } = await instance(2);
    const t = i18n.getFixedT(null, 'inbox');
    for (const name of ['A', 'B', 'A', 'B']) t('assignedTo', { name });
    expect(lookUp).toHaveBeenCalledTimes(2);
    t('assignedTo', { name: 'C' });
    expect(t('assignedTo', { name: 'A' })).toBe('Zugewiesen an A');
    expect(lookUp).toHaveBeenCalledTimes(4);
  });

  it('leaves calls with objects or functions in their options to i18next each time', async () => {
    const { i18n, lookUp } = await instance();
    const when = new Date('2026-11-29T10:00:00Z');
    i18n.t('open', { ns: 'inbox', when });
    i18n.t('open', { ns: 'inbox', when });
    i18n.t('open', { ns: 'inbox', postProcess: () => 'x' } as object);
    i18n.t('open', { ns: 'inbox', postProcess: () => 'x' } as object);
    expect(lookUp).toHaveBeenCalledTimes(4);
  });
});
