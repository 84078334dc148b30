import type { SiteLanguage } from '@blitz/contract';

/**
 * A whole number with the thousands separator of the language: 210.000 in German, 210,000 in
 * English. Written out rather than with Intl.NumberFormat (decision 009): the home page's counters
 * format on load, and constructing the browser's formatter loads its locale data on the main
 * thread first — 67–128 ms with Lighthouse's 4× slower CPU, most of the home page's Total
 * Blocking Time (docs/benchmarks.md, 2026-11-23). The two languages need nothing more; the tests
 * hold it to Intl's output.
 */
export function formatInteger(value: number, lang: SiteLanguage): string {
  const separator = lang === 'de' ? '.' : ',';
  const digits = String(Math.abs(Math.round(value))).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  return value < 0 ? `-${digits}` : digits;
}
