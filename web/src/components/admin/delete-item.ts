import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { adminQueryKeys } from '../../lib/admin-query-keys';

/** The resources the dashboard deletes: `DELETE /api/v1/{resource}/{id}`. */
export type DeletableResource = 'Category' | 'Project';

export function deleteItem(resource: DeletableResource, id: number) {
  return apiRequest(`/${resource}/${id}`, { method: 'DELETE', admin: true });
}

export function useDeleteItem(resource: DeletableResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteItem(resource, id),
    // A failed delete reloads too: a 404 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
