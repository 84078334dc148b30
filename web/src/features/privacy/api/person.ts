import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PersonEraseRequest, apiRoutes, personErasureSchema, personLookupSchema } from '@blitz/contract';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';
import { apiRequest } from '../../../lib/api-client';
import { useDownload } from '../../../lib/download-file';

/** Under the dashboard's root key. */
export const personQueryKey = (email: string) => [...dashboardQueryKey, 'person', email] as const;

export const personQueryOptions = (email: string) =>
  queryOptions({
    queryKey: personQueryKey(email),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.person.lookup, { query: { Email: email }, schema: personLookupSchema, admin: true, signal }),
    // What is stored changes without this tab (a new inquiry): read anew on every search.
    staleTime: 0,
  });

/** What is stored about the address; nothing is asked until there is one. */
export const usePerson = (email: string | undefined) => useQuery({ ...personQueryOptions(email ?? ''), enabled: !!email });

/** The person's archive as a download (a POST: the address stays out of the URL). */
export function usePersonExport() {
  const download = useDownload();
  return {
    ...download,
    start: (email: string, fallbackName: string) =>
      download.mutate({ path: apiRoutes.person.export, name: fallbackName, post: { body: { email } } }),
  };
}

/**
 * Erases everything stored about the address. Every query reloads after: the inbox (its list,
 * its unread count, an open inquiry) lives under keys of its own, and this feature imports none.
 */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PersonEraseRequest) =>
      apiRequest(apiRoutes.person.erase, { method: 'POST', body: request, schema: personErasureSchema, admin: true }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
