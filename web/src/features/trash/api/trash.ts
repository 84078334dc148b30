import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TrashRestore, apiRoutes, trashEmptyResultSchema, trashListSchema, trashRestoreResultSchema } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest } from '../../../lib/api-client';

/** Under the dashboard's root key: a deleted category or project reloads the trash too. */
export const trashQueryKey = [...dashboardQueryKey, 'trash'] as const;

export const trashQueryOptions = () =>
  queryOptions({
    queryKey: trashQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.trash.list, { schema: trashListSchema, admin: true, signal }),
    // A job deleted in its tab does not touch this key: the trash reads anew whenever it is opened.
    staleTime: 0,
  });

export const useTrash = () => useQuery(trashQueryOptions());

/**
 * Brings an item back. Every list of the dashboard reloads after (the item reappears in its tab,
 * a project's category with it), also after a failure (a 404: the trash was out of date).
 */
export function useRestoreFromTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: TrashRestore) =>
      apiRequest(apiRoutes.trash.restore, { method: 'POST', body: item, schema: trashRestoreResultSchema, admin: true }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.trash.list, { method: 'DELETE', schema: trashEmptyResultSchema, admin: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashQueryKey }),
  });
}
