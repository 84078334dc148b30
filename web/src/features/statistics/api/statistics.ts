import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, statisticsFirstDay, statisticsMaxDays, statisticsSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { type Period, countsQuery, daysBetween } from './period';

export { type Period, type PeriodChoice, firstPeriod, firstPeriodChoice, periodChoices, periodOf } from './period';

/** What is wrong with a period before asking the server (the same bounds as its `statisticsQuerySchema`); undefined: nothing. */
export function periodProblem({ from, to }: Period): 'invalid' | 'tooEarly' | 'tooLong' | undefined {
  if (from === '' || to === '' || from > to) return 'invalid';
  if (from < statisticsFirstDay) return 'tooEarly';
  if (daysBetween(from, to) >= statisticsMaxDays) return 'tooLong';
  return undefined;
}

export const statisticsQueryOptions = (period: Period) =>
  queryOptions({
    queryKey: ['statistics', period] as const,
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.statistics.counts, {
        query: countsQuery(period),
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
