// Zod-free and light: the dashboard reads the first period's counts at the touch of the tab,
// before the tab's code has loaded (decision 071).

/** A period of whole days, `YYYY-MM-DD` inclusive, in Berlin time as the server counts them. */
export type Period = { from: string; to: string };

export const periodChoices = ['7d', '30d', '12m', 'custom'] as const;
export type PeriodChoice = (typeof periodChoices)[number];

/** The period the tab opens with. */
export const firstPeriodChoice: PeriodChoice = '30d';

const dayMs = 86_400_000;
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * dayMs).toISOString().slice(0, 10);
const lengths: Record<Exclude<PeriodChoice, 'custom'>, number> = { '7d': 7, '30d': 30, '12m': 365 };

/** The period a choice means, ending today (custom: as chosen). */
export function periodOf(choice: PeriodChoice, today: string, custom: Period): Period {
  if (choice === 'custom') return custom;
  return { from: daysBefore(today, lengths[choice] - 1), to: today };
}

/** The period the tab opens with, ending today. */
export const firstPeriod = (today: string) => periodOf(firstPeriodChoice, today, { from: today, to: today });

/** Whole days from one day to another (0 for the same day). */
export const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs;

/** The counts' query for a period. */
export const countsQuery = (period: Period) => ({ From: period.from, To: period.to });
