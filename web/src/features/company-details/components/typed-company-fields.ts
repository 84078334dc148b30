import type { TFunction } from 'i18next';
import type { CompanyFormValues } from './company-form';

/** The company form's fields in both languages: `openingHoursDe` is the German of `openingHours`. */
const pairs = /^(openingHours|personPosition|personQuote)(De|En)$/;

/** Fields that are not text to copy: the pictures (an address or a data URL), the title's choice. */
const notText = new Set<keyof CompanyFormValues>(['logo', 'personPicture', 'management']);

/**
 * After "Load their version" (decision 036): each top-level text field in which what the user
 * typed differs from the saved version now, with its label, to copy from. The partners and
 * statistics (lists) are not listed: they take the saved version.
 */
export function typedCompanyFields(
  mine: CompanyFormValues,
  saved: CompanyFormValues,
  t: TFunction<'admin'>,
): { label: string; value: string }[] {
  const c = 'company.fields';
  const label = (field: string) => {
    const pair = pairs.exec(field);
    if (!pair) return t(`${c}.${field}` as 'company.fields.name');
    const name = t(`${c}.${pair[1] as 'openingHours'}`);
    return pair[2] === 'De' ? t(`${c}.inGerman`, { field: name }) : t(`${c}.inEnglish`, { field: name });
  };
  return (Object.keys(mine) as (keyof CompanyFormValues)[])
    .filter((field) => !notText.has(field))
    .flatMap((field) => {
      const value = mine[field];
      if (typeof value !== 'string' || value === saved[field] || value.trim() === '') return [];
      return [{ label: label(field), value }];
    });
}
