import type { SiteLanguage } from '@blitz/contract';

const formats = new Map<SiteLanguage, Intl.NumberFormat>();

/** A whole number with the thousands separator of the language: 210.000 in German, 210,000 in English. */
export function formatInteger(value: number, lang: SiteLanguage): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 0 });
    formats.set(lang, format);
  }
  return format.format(Math.round(value));
}
