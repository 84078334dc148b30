import { describe, expect, it } from 'vitest';
import { isAddedKey } from '@blitz/contract';
import { keyFrom, reservedFieldKeys } from './type-keys';

describe('keys made from the words staff give', () => {
  it('spells umlauts out and joins the words in camelCase', () => {
    expect(keyFrom('Prüftermin vereinbaren', [], 'type')).toBe('pruefterminVereinbaren');
    expect(keyFrom('Größe der Dachfläche (m²)', [], 'field')).toBe('groesseDerDachflaecheM2');
    expect(keyFrom('Straße', [], 'field')).toBe('strasse');
    expect(keyFrom('Café-Besuch', [], 'type')).toBe('cafeBesuch');
    expect(keyFrom('ÄRGER MELDEN', [], 'type')).toBe('aergerMelden');
  });

  it('begins with a letter, has two characters or more and at most 40', () => {
    expect(keyFrom('2. Prüfung', [], 'type')).toBe('pruefung');
    expect(keyFrom('24h-Notdienst', [], 'type')).toBe('hNotdienst');
    expect(keyFrom('', [], 'field')).toBe('field');
    expect(keyFrom('???', [], 'option')).toBe('option');
    expect(keyFrom('A', [], 'option')).toBe('optionA');
    const long = keyFrom('Eine sehr lange Bezeichnung für ein Feld mit vielen Wörtern darin', [], 'field');
    expect(long).toHaveLength(40);
    for (const key of [long, keyFrom('x', [], 'field'), keyFrom('ß', [], 'field')]) expect(isAddedKey(key)).toBe(true);
  });

  it('adds a number where the key is taken, removed types and differently cased keys included', () => {
    expect(keyFrom('Prüftermin', ['prueftermin'], 'type')).toBe('prueftermin2');
    expect(keyFrom('Prüftermin', ['prueftermin', 'prueftermin2'], 'type')).toBe('prueftermin3');
    expect(keyFrom('E-Mail', reservedFieldKeys, 'field')).toBe('eMail2');
    expect(keyFrom('Telefon', reservedFieldKeys, 'field')).toBe('telefon');
    expect(keyFrom('Phone', reservedFieldKeys, 'field')).toBe('phone2');
    const long = 'x'.repeat(40);
    expect(keyFrom(long, [long], 'field')).toBe(`${'x'.repeat(39)}2`);
  });

  it('never gives a name the form already uses', () => {
    for (const name of [
      'subject',
      'message',
      'website',
      'formToken',
      'language',
      'attachment',
      'formVersion',
      'applicationConsent',
    ])
      expect(reservedFieldKeys).toContain(name);
    expect(keyFrom('Message', reservedFieldKeys, 'field')).toBe('message2');
  });
});
