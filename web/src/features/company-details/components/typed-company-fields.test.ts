import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '@blitz/contract';
import { companyFormValues } from './company-form';
import { typedCompanyFields } from './typed-company-fields';

// A stand-in for the translations: the key, and the field a pair's label names.
const t = ((key: string, options?: { field?: string }) =>
  options?.field ? `${key}(${options.field})` : key) as unknown as TFunction<'admin'>;

describe('what was typed, after "Load their version"', () => {
  const saved = companyFormValues(defaultCompanyDetails);

  it('lists each top-level text that differs from the saved version, with its label', () => {
    const mine = { ...saved, phone: '+49 1', openingHoursEn: 'Mon–Fri', managingDirectors: 'Anna Blitz\nBen Erde' };
    expect(typedCompanyFields(mine, saved, t)).toEqual([
      { label: 'company.fields.phone', value: '+49 1' },
      { label: 'company.fields.inEnglish(company.fields.openingHours)', value: 'Mon–Fri' },
      { label: 'company.fields.managingDirectors', value: 'Anna Blitz\nBen Erde' },
    ]);
  });

  it('leaves out what equals the saved version, emptied fields, the pictures and the lists', () => {
    const mine = {
      ...saved,
      legalForm: '  ',
      logo: 'data:image/png;base64,AAAA',
      personPicture: 'other',
      partners: [],
      statistics: saved.statistics.map((s) => ({ ...s, value: '1' })),
    };
    expect(typedCompanyFields(mine, saved, t)).toEqual([]);
  });
});
