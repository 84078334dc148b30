import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryListSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from '../../../lib/admin-query-keys';

/** All categories with both translations (no Language filter: the admin edits both). */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: adminQueryKeys.categories(),
    queryFn: ({ signal }) => apiRequest('/Category', { schema: categoryListSchema, signal }),
  });

export const useCategories = () => useQuery(categoriesQueryOptions());
