import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CustomPage,
  type CustomPageCreate,
  type CustomPageUpdate,
  apiRoutes,
  customPageListSchema,
  customPageSchema,
} from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest } from '../../../lib/api-client';

/** Pages per page of the list (a company has a handful; the API's largest page). */
export const pageListLength = 100;

export const pageQueryKeys = {
  all: [...dashboardQueryKey, 'pages'] as const,
  page: (page: number) => [...pageQueryKeys.all, 'page', page] as const,
};

/** One page of the list: drafts too, each with its draft of changes, by place, order and title. */
export const pagesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: pageQueryKeys.page(page),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.customPages.list, {
        query: { PageLength: pageListLength, PageNumber: page },
        schema: customPageListSchema,
        admin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const usePages = (page: number) => useQuery(pagesQueryOptions(page));

/** The page as saved now (after a stale save: their version; the audit trail's "Open"). */
export function fetchPage(id: number) {
  return apiRequest(apiRoutes.customPages.onePath(id), { schema: customPageSchema, admin: true });
}

/** Creates a page (no id) or saves one (with id: live, a draft of changes, or its state kept). */
export function savePage(payload: CustomPageCreate | CustomPageUpdate) {
  return apiRequest(apiRoutes.customPages.list, {
    method: 'id' in payload ? 'PUT' : 'POST',
    body: payload,
    schema: customPageSchema,
    admin: true,
  });
}

// After a change every list of the dashboard reloads (dashboardQueryKey): the files tab shows where a file is used.

export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

export function useDeletePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiRoutes.customPages.onePath(id), { method: 'DELETE', admin: true }),
    // A failed delete reloads too: a 404 means the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

/** The actions on a page's state, as a project's (decision 033): each one request, answered with the page. */
export type PageStateAction = 'publish' | 'unpublish' | 'discard';

export function changePageState({ id, action }: { id: number; action: PageStateAction }): Promise<CustomPage> {
  const [path, method] =
    action === 'publish'
      ? ([apiRoutes.customPages.publishPath(id), 'POST'] as const)
      : action === 'unpublish'
        ? ([apiRoutes.customPages.unpublishPath(id), 'POST'] as const)
        : ([apiRoutes.customPages.draftPath(id), 'DELETE'] as const);
  return apiRequest(path, { method, schema: customPageSchema, admin: true });
}

export function usePageState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePageState,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardQueryKey }),
  });
}

/**
 * Starts this browser's preview, as the projects' editor does (the page texts' mechanism,
 * decision 022): a cookie with which the public pages show the pending values, drafts too, to
 * this browser alone.
 */
export function useStartPreview() {
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.siteTexts.preview, { method: 'POST', admin: true }),
  });
}
