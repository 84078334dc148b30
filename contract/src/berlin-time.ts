// Zod-free, so that the contact form's island can use it (web/scripts/island-budget.mjs).

/** The year in Berlin, the value of every text's `{{year}}`. */
export const berlinYear = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(now);
