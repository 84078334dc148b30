// Zod-free, so that the contact form's island can use it (web/scripts/island-budget.mjs).

/**
 * The year in Berlin, the value of every text's `{{year}}`. New Year in Berlin falls in winter
 * time, one hour ahead of UTC (the rule since 1980; were it ever summer time all year, the year
 * would turn an hour late): no time zone data is needed. A page's first date formatter costs
 * 35–135 ms on a slow phone (ICU's set-up), which the dashboard paid for this while its modules
 * were evaluated (issue 46).
 */
export const berlinYear = (now = new Date()): string => String(new Date(now.getTime() + 60 * 60 * 1000).getUTCFullYear());

// Made once: constructing a formatter costs about 60 µs, formatting with one about 1 (the visitor
// statistics read the day on every page view, docs/benchmarks.md). Made when first asked, not as
// the module is evaluated (the year's comment says why).
let berlinDayFormat: Intl.DateTimeFormat | undefined;

/** Today's date in Berlin, where the company is (a job valid through today is shown all day). */
export function berlinDate(now = new Date()): string {
  berlinDayFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
  return berlinDayFormat.format(now);
}
