import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type NotFoundSettings,
  type RedirectCreate,
  type RedirectUpdate,
  apiRoutes,
  notFoundListSchema,
  notFoundSettingsSchema,
  redirectImportResultSchema,
  redirectListSchema,
  redirectSchema,
  redirectTestSchema,
} from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest } from '../../../lib/api-client';

/** Redirects, the not-found log and its setting under one key: a new redirect takes its address off the log. */
export const redirectsQueryKey = [...dashboardQueryKey, 'redirects'] as const;

export const redirectListOptions = (page: number, search: string) =>
  queryOptions({
    queryKey: [...redirectsQueryKey, 'list', page, search],
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.redirects.list, {
        query: { PageNumber: page, PageLength: 20, Search: search },
        schema: redirectListSchema,
        admin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useRedirects = (page: number, search: string) => useQuery(redirectListOptions(page, search));

export const notFoundListOptions = (page: number) =>
  queryOptions({
    queryKey: [...redirectsQueryKey, 'notFound', page],
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.notFound.list, {
        query: { PageNumber: page, PageLength: 20 },
        schema: notFoundListSchema,
        admin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
export const useNotFoundLog = (page: number) => useQuery(notFoundListOptions(page));

export const useNotFoundSettings = () =>
  useQuery({
    queryKey: [...redirectsQueryKey, 'settings'],
    queryFn: ({ signal }) => apiRequest(apiRoutes.notFound.settings, { schema: notFoundSettingsSchema, admin: true, signal }),
  });

/** Every write reloads the lists of this tab (chains collapse, a log row goes). */
function useRedirectMutation<A, R>(mutationFn: (argument: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: redirectsQueryKey }) });
}

export const useSaveRedirect = () =>
  useRedirectMutation((redirect: RedirectCreate | RedirectUpdate) =>
    apiRequest(apiRoutes.redirects.list, {
      method: 'id' in redirect ? 'PUT' : 'POST',
      body: redirect,
      schema: redirectSchema,
      admin: true,
    }),
  );

export const useDeleteRedirect = () =>
  useRedirectMutation((id: number) => apiRequest(apiRoutes.redirects.onePath(id), { method: 'DELETE', admin: true }));

export const useDeleteNotFound = () =>
  useRedirectMutation((id: number) => apiRequest(apiRoutes.notFound.onePath(id), { method: 'DELETE', admin: true }));

export const useImportRedirects = () =>
  useRedirectMutation((csv: string) =>
    apiRequest(apiRoutes.redirects.import, {
      method: 'POST',
      text: { content: csv, type: 'text/csv' },
      schema: redirectImportResultSchema,
      admin: true,
    }),
  );

export const useSaveNotFoundSettings = () =>
  useRedirectMutation((settings: NotFoundSettings) =>
    apiRequest(apiRoutes.notFound.settings, { method: 'PUT', body: settings, schema: notFoundSettingsSchema, admin: true }),
  );

export const useTestAddress = () =>
  useMutation({
    mutationFn: (path: string) =>
      apiRequest(apiRoutes.redirects.test, { query: { Path: path }, schema: redirectTestSchema, admin: true }),
  });
