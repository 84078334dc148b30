import type { TFunction } from 'i18next';
import { type ConflictChanges, conflictChanges } from '../../../components/admin/edit-conflict';
import type { CompanyFormValues } from './company-form';

/** The company form's fields in both languages: `openingHoursDe` is the German of `openingHours`. */
const pairs = /^(openingHours|personPosition|personQuote)(De|En)$/;

/** Fields that are not text to copy: the pictures (an address or a data URL) and the lists. */
const notText = new Set<keyof CompanyFormValues>([
  'logo',
  'personPicture',
  'partners',
  'statistics',
  'management',
  'federalState',
]);

/**
 * After "Load their version" (decision 036): each top-level text field this person changed
 * (typed ≠ loaded) and that differs from the saved version now, with its label, to copy from;
 * and every field the colleague changed (saved ≠ loaded), named — the pictures, partners and
 * statistics too, which take the saved version.
 */
export function typedCompanyFields(
  versions: { loaded: CompanyFormValues; typed: CompanyFormValues; theirs: CompanyFormValues },
  t: TFunction<'companyDetails'>,
  error?: unknown,
): ConflictChanges {
  const c = 'fields';
  const label = (field: keyof CompanyFormValues) => {
    if (field === 'partners' || field === 'statistics') return t(`sections.${field}`);
    const pair = pairs.exec(field);
    if (!pair) return t(`${c}.${field}` as 'fields.name');
    const name = t(`${c}.${pair[1] as 'openingHours'}`);
    return pair[2] === 'De' ? t(`${c}.inGerman`, { field: name }) : t(`${c}.inEnglish`, { field: name });
  };
  const fields = Object.keys(versions.typed) as (keyof CompanyFormValues)[];
  return conflictChanges(
    fields.filter((field) => !notText.has(field)),
    versions,
    label,
    error,
    fields.filter((field) => notText.has(field)),
  );
}
