import { describe, expect, it } from 'vitest';
import type { CustomPage } from '@blitz/contract';
import { addressFromTitle, pageFormSchema, pageFormValues, pageUpdatePayload, pageWithAddress, withSlash } from './page-form';
import { blankSection } from '../../../components/admin/sections/sections';

const page = (id: number, address: string, draft?: string) =>
  ({
    id,
    address,
    title: { de: `Seite ${id}`, en: `Page ${id}` },
    draft: draft ? { address: draft } : null,
  }) as unknown as CustomPage;

describe('the page dialog’s fields', () => {
  it('makes an address from the German title: lower case, umlauts kept, words joined by hyphens', () => {
    expect(addressFromTitle('Wiederkehrende Prüfung nach DIN EN 62305-3')).toBe('/wiederkehrende-prüfung-nach-din-en-62305-3');
    expect(addressFromTitle('  Zertifikate & Nachweise!  ')).toBe('/zertifikate-nachweise');
    expect(addressFromTitle('…')).toBe('');
    expect(addressFromTitle('Wort '.repeat(30)).length).toBeLessThanOrEqual(80);
    expect(withSlash(' herbstaktion ')).toBe('/herbstaktion');
  });

  it('checks the address by the contract’s rules, each said in its own words', () => {
    const check = (address: string) => {
      const result = pageFormSchema().safeParse({ ...pageFormValues(), titleDe: 'a', titleEn: 'a', address });
      return result.success ? 'ok' : result.error.issues.map((issue) => issue.message);
    };
    expect(check('/herbstaktion')).toBe('ok');
    expect(check('/Prüfung-2027')).toBe('ok');
    expect(check('/herbst aktion')).toEqual(['pageEditing:errors.addressForm']);
    expect(check('/herbst--aktion')).toEqual(['pageEditing:errors.addressForm']);
    expect(check('/Projects')).toEqual(['pageEditing:errors.addressReserved']);
    expect(check('/news')).toEqual(['pageEditing:errors.addressReserved']);
  });

  it('finds the other page that has an address, also in its draft of changes, in any case', () => {
    const pages = [page(1, '/herbstaktion'), page(2, '/alt', '/Zertifikate')];
    expect(pageWithAddress(pages, '/Herbstaktion')?.id).toBe(1);
    expect(pageWithAddress(pages, '/zertifikate')?.id).toBe(2);
    expect(pageWithAddress(pages, '/herbstaktion', 1)).toBeUndefined();
    expect(pageWithAddress(pages, '/neu')).toBeUndefined();
  });

  it('sends the pending values with the sections, and the version it was filled from', () => {
    const values = pageFormSchema().parse({
      ...pageFormValues(),
      titleDe: ' Herbst ',
      titleEn: 'Autumn',
      linkTitleDe: ' Herbstaktion ',
      address: '/herbst',
      place: 'navigation',
      placeOrder: 2,
    });
    const text = { ...blankSection('text', 'priceInquiry', 'abc'), text: { de: '**Jetzt** prüfen', en: '' } };
    expect(pageUpdatePayload(5, values, [text], false, '2027-01-05T10:00:00.000Z')).toEqual({
      id: 5,
      address: '/herbst',
      title: { de: 'Herbst', en: 'Autumn' },
      linkTitle: { de: 'Herbstaktion', en: '' },
      place: 'navigation',
      placeOrder: 2,
      noindex: false,
      searchTitle: [],
      searchDescription: [],
      sections: [
        {
          id: 'abc',
          kind: 'text',
          text: { de: [{ type: 'paragraph', content: [{ text: 'Jetzt', bold: true }, { text: ' prüfen' }] }], en: [] },
        },
      ],
      published: false,
      updatedAt: '2027-01-05T10:00:00.000Z',
    });
  });
});
