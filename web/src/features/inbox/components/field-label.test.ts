import { describe, expect, it } from 'vitest';
import { staffFieldLabel } from './field-label';

describe("an inquiry's field names", () => {
  const labels = [
    { key: 'CompanyName' as const, de: 'Firma oder Gemeinde', en: '' },
    { key: 'CompanyAddress' as const, de: 'Anschrift', en: 'Address' },
  ];

  it("are staff's words in the dashboard's language, else in the other one, else none (the usual label)", () => {
    expect(staffFieldLabel(labels, 'CompanyAddress', 'en')).toBe('Address');
    expect(staffFieldLabel(labels, 'CompanyAddress', 'de')).toBe('Anschrift');
    expect(staffFieldLabel(labels, 'CompanyName', 'en')).toBe('Firma oder Gemeinde');
    expect(staffFieldLabel(labels, 'phone', 'de')).toBeUndefined();
    expect(staffFieldLabel([], 'CompanyName', 'de')).toBeUndefined();
    expect(staffFieldLabel([{ key: 'phone', de: ' ', en: '' }], 'phone', 'de')).toBeUndefined();
  });
});
