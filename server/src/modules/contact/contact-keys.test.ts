import { describe, expect, it } from 'vitest';
import { emailKey, phoneKey } from './contact-keys';

describe('the keys an inquiry sender is recognised by', () => {
  it('reads an e-mail address case and surrounding spaces aside', () => {
    expect(emailKey('  Anna.Berg@Example.DE ')).toBe('anna.berg@example.de');
    expect(emailKey('   ')).toBeNull();
  });

  it('writes a German phone number the same with +49, 0049, (0) or the national 0, spaces and dashes aside', () => {
    const written = [
      '030 1234567',
      '+49 30 1234567',
      '0049 30 1234567',
      '+49 (0) 30 / 123 45 67',
      '030-123-4567',
      '(030) 1234567',
    ];
    expect(new Set(written.map(phoneKey))).toEqual(new Set(['0301234567']));
  });

  it('keeps another country apart, whether written with + or 00', () => {
    expect(phoneKey('+43 1 2345678')).toBe('004312345678');
    expect(phoneKey('0043 1 2345678')).toBe('004312345678');
    expect(phoneKey('+43 1 2345678')).not.toBe(phoneKey('01 2345678'));
  });

  it('recognises nobody by a number too short to tell people apart', () => {
    expect(phoneKey('12345')).toBeNull();
    expect(phoneKey('-')).toBeNull();
    expect(phoneKey('')).toBeNull();
  });
});
