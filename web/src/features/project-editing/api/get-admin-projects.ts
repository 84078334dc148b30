import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { projectListSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryKeys } from '../../../lib/admin-query-keys';

/** Projects per page in the dashboard. */
export const adminPageLength = 10;

/** One page of projects, newest first, with every language (no Language filter: the admin edits both). */
export const adminProjectsQueryOptions = (page: number, pageLength = adminPageLength) =>
  queryOptions({
    queryKey: adminQueryKeys.projects(page, pageLength),
    queryFn: ({ signal }) =>
      apiRequest('/Project', { query: { PageLength: pageLength, PageNumber: page }, schema: projectListSchema, signal }),
    // Paging keeps the old rows in view until the new page is there.
    placeholderData: keepPreviousData,
  });

export const useAdminProjects = (page: number) => useQuery(adminProjectsQueryOptions(page));
