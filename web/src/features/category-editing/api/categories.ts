import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CategoryInput, apiRoutes } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { categoryAnswer, categoryListAnswer } from '../../../lib/content-answers';

export const categoryQueryKeys = { all: [...dashboardQueryKey, 'categories'] as const };

/** All categories with both translations (no Language filter: the admin edits both). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryQueryKeys.all,
    queryFn: ({ signal }) => apiRequest(apiRoutes.categories.list, { schema: categoryListAnswer, signal }),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());

/** Creates a category (no id) or changes one (with id). */
export function saveCategory(input: CategoryInput & { id?: number | undefined; updatedAt?: string | undefined }) {
  const { id, updatedAt, ...values } = input;
  return id === undefined
    ? apiRequest(apiRoutes.categories.list, { method: 'POST', body: values, schema: categoryAnswer, admin: true })
    : updatedAt
      ? apiRequest(apiRoutes.categories.list, {
          method: 'PUT',
          body: { id, ...values, updatedAt },
          schema: categoryAnswer,
          admin: true,
        })
      : apiRequest(apiRoutes.categories.list, { method: 'PUT', body: { id, ...values }, schema: categoryAnswer, admin: true });
}

/** The category as saved now (after a stale save: their version); a deleted one is a not_found error. */
export async function fetchCategory(id: number) {
  const list = await apiRequest(apiRoutes.categories.list, { schema: categoryListAnswer, admin: true });
  const found = list.data.find((c) => c.id === id);
  if (!found) throw new ApiError(404, 'not_found');
  return found;
}

export function deleteCategory(id: number) {
  return apiRequest(apiRoutes.categories.onePath(id), { method: 'DELETE', admin: true });
}

// After a change every list of the dashboard reloads (dashboardQueryKey): projects show their category.

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // A failed delete reloads too: a 404 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}
