import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRoutes, backupEntrySchema, backupListSchema } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest } from '../../../lib/api-client';

/** Under the dashboard's root key: the go-live checklist counts the backups too. */
export const backupsQueryKey = [...dashboardQueryKey, 'backups'] as const;

export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: backupsQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.backup.list, { schema: backupListSchema, admin: true, signal }),
    // The nightly backup is written without the dashboard: read anew whenever the tab is opened.
    staleTime: 0,
  });

export const useBackups = () => useQuery(backupsQueryOptions());

/** "Back up now": answers once the archive is written and read back; the list and the checklist reload after. */
export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.backup.list, { method: 'POST', schema: backupEntrySchema, admin: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}
