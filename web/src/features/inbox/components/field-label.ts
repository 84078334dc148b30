import type { AdjustableField, InquiryDetail, SiteLanguage } from '@blitz/contract';

/**
 * What staff called a field in the form an inquiry was sent with (issue 44): in the dashboard's
 * language, else in the other one; undefined where they gave it no words (the usual label then).
 * An inquiry shows its fields as its sender read them, whatever the form says today.
 */
export function staffFieldLabel(
  fieldLabels: InquiryDetail['fieldLabels'],
  field: AdjustableField,
  lang: SiteLanguage,
): string | undefined {
  const found = fieldLabels.find((f) => f.key === field);
  if (!found) return undefined;
  return found[lang].trim() || found[lang === 'de' ? 'en' : 'de'].trim() || undefined;
}
