import { describe, expect, it } from 'vitest';
import { formatInteger } from './format-number';

describe('formatInteger', () => {
  it('groups thousands with a dot in German and a comma in English', () => {
    expect(formatInteger(210000, 'de')).toBe('210.000');
    expect(formatInteger(210000, 'en')).toBe('210,000');
    expect(formatInteger(1234567, 'de')).toBe('1.234.567');
    expect(formatInteger(1234567, 'en')).toBe('1,234,567');
  });

  it('leaves numbers below a thousand alone', () => {
    for (const n of [0, 8, 29, 40, 514, 999]) {
      expect(formatInteger(n, 'de')).toBe(String(n));
      expect(formatInteger(n, 'en')).toBe(String(n));
    }
    expect(formatInteger(1000, 'de')).toBe('1.000');
  });

  it('agrees with Intl for both languages', () => {
    for (const n of [0, 7, 1000, 99999, 300000, 123456789]) {
      expect(formatInteger(n, 'de')).toBe(new Intl.NumberFormat('de-DE').format(n));
      expect(formatInteger(n, 'en')).toBe(new Intl.NumberFormat('en-GB').format(n));
    }
  });

  it('rounds, and keeps the sign', () => {
    expect(formatInteger(1999.6, 'de')).toBe('2.000');
    expect(formatInteger(-4500, 'en')).toBe('-4,500');
  });
});
