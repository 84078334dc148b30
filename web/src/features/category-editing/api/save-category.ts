import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CategoryInput, categorySchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from '../../../lib/admin-query-keys';

/** Creates a category (no id) or changes one (with id). */
export function saveCategory(input: CategoryInput & { id?: number | undefined }) {
  const { id, ...values } = input;
  return id === undefined
    ? apiRequest('/Category', { method: 'POST', body: values, schema: categorySchema, admin: true })
    : apiRequest('/Category', { method: 'PUT', body: { id, ...values }, schema: categorySchema, admin: true });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
