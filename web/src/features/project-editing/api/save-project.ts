import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProjectCreate, type ProjectUpdate, projectSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from '../../../lib/admin-query-keys';

/** Creates a project (no id) or changes one (with id; without a picture the current one stays). */
export function saveProject(payload: ProjectCreate | ProjectUpdate) {
  return 'id' in payload
    ? apiRequest('/Project', { method: 'PUT', body: payload, schema: projectSchema, admin: true })
    : apiRequest('/Project', { method: 'POST', body: payload, schema: projectSchema, admin: true });
}

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all }),
  });
}
