import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '@blitz/contract';
import { ApiError } from '../../../lib/api-client';
import { companyFormValues } from './company-form';
import { typedCompanyFields } from './typed-company-fields';

// A stand-in for the translations: the key, and the field a pair's label names.
const t = ((key: string, options?: { field?: string }) =>
  options?.field ? `${key}(${options.field})` : key) as unknown as TFunction<'companyDetails'>;

describe('what was typed, after "Load their version"', () => {
  const loaded = companyFormValues(defaultCompanyDetails);

  it('lists each top-level text this person changed, with its label; not what only the colleague changed', () => {
    const typed = { ...loaded, phone: '+49 1', openingHoursEn: 'Mon–Fri', managingDirectors: 'Anna Blitz\nBen Erde' };
    // The colleague changed the e-mail address and the partners; their phone is another.
    const theirs = { ...loaded, email: 'info@blitzwerk.de', phone: '+49 2', partners: [] };
    const error = new ApiError(409, 'edit_conflict', { changedBy: { name: 'erika', at: '2026-11-25T09:00:00.000Z' } });
    expect(typedCompanyFields({ loaded, typed, theirs }, t, error)).toEqual({
      mine: [
        { label: 'fields.phone', value: '+49 1' },
        { label: 'fields.inEnglish(fields.openingHours)', value: 'Mon–Fri' },
        { label: 'fields.managingDirectors', value: 'Anna Blitz\nBen Erde' },
      ],
      theirs: ['fields.phone', 'fields.email', 'sections.partners'],
      by: 'erika',
    });
  });

  it('leaves out what equals the saved version, emptied fields, the pictures and the lists', () => {
    const typed = {
      ...loaded,
      legalForm: '  ',
      logo: 'data:image/png;base64,AAAA',
      personPicture: 'other',
      partners: [],
      statistics: loaded.statistics.map((s) => ({ ...s, value: '1' })),
      phone: '+49 3',
    };
    const theirs = { ...loaded, phone: '+49 3' };
    expect(typedCompanyFields({ loaded, typed, theirs }, t)).toEqual({
      mine: [],
      theirs: ['fields.phone'],
      by: undefined,
    });
  });
});
