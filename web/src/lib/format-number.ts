import type { SiteLanguage } from '@blitz/contract';

/**
 * A whole number with the thousands separator of the language: 210.000 in German, 210,000 in
 * English. Written out rather than Intl.NumberFormat, whose first use loads locale data on the
 * main thread while the home page starts; the two languages need nothing more.
 */
export function formatInteger(value: number, lang: SiteLanguage): string {
  const separator = lang === 'de' ? '.' : ',';
  const digits = String(Math.abs(Math.round(value))).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return value < 0 ? `-${digits}` : digits;
}
