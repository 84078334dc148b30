import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProjectCreate, type ProjectUpdate, projectListSchema, projectSchema, apiRoutes } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest } from '../../../lib/api-client';

/** Projects per page in the dashboard. */
export const adminPageLength = 10;

export const projectQueryKeys = {
  all: [...dashboardQueryKey, 'projects'] as const,
  page: (page: number, pageLength: number) => [...projectQueryKeys.all, { page, pageLength }] as const,
};

/** One page of projects, newest first, with every language (no Language filter: the admin edits both). */
export const adminProjectsQueryOptions = (page: number, pageLength = adminPageLength) =>
  queryOptions({
    queryKey: projectQueryKeys.page(page, pageLength),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.projects.list, {
        query: { PageLength: pageLength, PageNumber: page },
        schema: projectListSchema,
        signal,
      }),
    // Paging keeps the old rows in view until the new page is there.
    placeholderData: keepPreviousData,
  });

export const useAdminProjects = (page: number) => useQuery(adminProjectsQueryOptions(page));

/** Creates a project (no id) or changes one (with id; without a picture the current one stays). */
export function saveProject(payload: ProjectCreate | ProjectUpdate) {
  return 'id' in payload
    ? apiRequest(apiRoutes.projects.list, { method: 'PUT', body: payload, schema: projectSchema, admin: true })
    : apiRequest(apiRoutes.projects.list, { method: 'POST', body: payload, schema: projectSchema, admin: true });
}

export function deleteProject(id: number) {
  return apiRequest(apiRoutes.projects.onePath(id), { method: 'DELETE', admin: true });
}

// After a change every list of the dashboard reloads (dashboardQueryKey), as after a category's.

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    // A failed delete reloads too: a 404 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}
