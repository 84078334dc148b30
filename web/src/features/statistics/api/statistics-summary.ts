import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type StatisticsSummaryInput, apiRoutes, statisticsSummarySchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';

export const statisticsSummaryQueryKey = ['statistics-summary'] as const;

/** The signed-in admin's own weekly summary mail: on or off, where to, in which language, when last sent. */
export const statisticsSummaryQueryOptions = () =>
  queryOptions({
    queryKey: statisticsSummaryQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.statistics.summary, { schema: statisticsSummarySchema, admin: true, signal }),
  });

export const useStatisticsSummary = () => useQuery(statisticsSummaryQueryOptions());

/** Switches the summary on or off; the server's answer replaces the cached one. */
export function useSaveStatisticsSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatisticsSummaryInput) =>
      apiRequest(apiRoutes.statistics.summary, { method: 'PUT', body: input, schema: statisticsSummarySchema, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(statisticsSummaryQueryKey, saved),
  });
}
