// Zod-free, so that the contact form's island can use it (web/scripts/island-budget.mjs).

/** The year in Berlin, the value of every text's `{{year}}`. */
export const berlinYear = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(now);

// Made once: constructing a formatter costs about 60 µs, formatting with one about 1 (the visitor
// statistics read the day on every page view, docs/benchmarks.md).
const berlinDayFormat = /* @__PURE__ */ new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });

/** Today's date in Berlin, where the company is (a job valid through today is shown all day). */
export function berlinDate(now = new Date()): string {
  return berlinDayFormat.format(now);
}
