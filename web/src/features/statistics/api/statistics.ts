import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, statisticsFirstDay, statisticsMaxDays, statisticsSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';

/** A period of whole days, `YYYY-MM-DD` inclusive, in Berlin time as the server counts them. */
export type Period = { from: string; to: string };

export const periodChoices = ['7d', '30d', '12m', 'custom'] as const;
export type PeriodChoice = (typeof periodChoices)[number];

const dayMs = 86_400_000;
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * dayMs).toISOString().slice(0, 10);
const lengths: Record<Exclude<PeriodChoice, 'custom'>, number> = { '7d': 7, '30d': 30, '12m': 365 };

/** The period a choice means, ending today (custom: as chosen). */
export function periodOf(choice: PeriodChoice, today: string, custom: Period): Period {
  if (choice === 'custom') return custom;
  return { from: daysBefore(today, lengths[choice] - 1), to: today };
}

/** What is wrong with a period before asking the server (the same bounds as its `statisticsQuerySchema`); undefined: nothing. */
export function periodProblem({ from, to }: Period): 'invalid' | 'tooEarly' | 'tooLong' | undefined {
  if (from === '' || to === '' || from > to) return 'invalid';
  if (from < statisticsFirstDay) return 'tooEarly';
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs >= statisticsMaxDays) return 'tooLong';
  return undefined;
}

export const statisticsQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: ['statistics', period] as const,
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.statistics.counts, {
        query: { From: period.from, To: period.to },
        schema: statisticsSchema,
        admin: true,
        signal,
      }),
    // While another period loads, the last one stays shown instead of a blank tab.
    placeholderData: keepPreviousData,
  });

export const useStatistics = (period: Period, enabled: boolean) => useQuery({ ...statisticsQueryOptions(period), enabled });

export const exportPath = (period: Period) => `${apiRoutes.statistics.export}?From=${period.from}&To=${period.to}`;

/** Inquiries and applications per 100 visitors, one decimal; undefined without visitors. */
export function perHundredVisitors(count: number, visitors: number): number | undefined {
  return visitors > 0 ? Math.round((count / visitors) * 1000) / 10 : undefined;
}

/** The change against the period before, in whole percent; undefined when there was nothing before. */
export function changeInPercent(now: number, before: number): number | undefined {
  return before > 0 ? Math.round(((now - before) / before) * 100) : undefined;
}
