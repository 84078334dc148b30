import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { dashboardQueryKey } from '../dashboard-query-key';
import type { DocumentStateAction } from './document-state';

type Id = number | string;

/** A document's routes in the contract (`apiRoutes.customPages`, `apiRoutes.news`): the same calls as projects'. */
type DocumentRoutes = {
  list: string;
  onePath: (id: Id) => string;
  publishPath: (id: Id) => string;
  unpublishPath: (id: Id) => string;
  draftPath: (id: Id) => string;
};

/**
 * The staff calls of a kind of document built from sections (pages, news posts; decisions 061,
 * 063), which share the projects' drafts and publishing: the list by pages, one read, save,
 * delete (to the trash) and the state's actions, each answer checked by the contract's schema.
 * After a change every list of the dashboard reloads (dashboardQueryKey): the files tab shows
 * where a file is used, the trash what went there.
 */
export function documentApi<Doc, Payload>({
  name,
  routes,
  schema,
  listSchema,
  listLength,
}: {
  /** The query key's word (`pages`, `news`). */
  name: string;
  routes: DocumentRoutes;
  schema: z.ZodType<Doc>;
  listSchema: z.ZodType<{ data: Doc[]; count: number }>;
  /** Documents per page of the list. */
  listLength: number;
}) {
  const keys = {
    all: [...dashboardQueryKey, name] as const,
    page: (page: number) => [...dashboardQueryKey, name, 'page', page] as const,
  };
  const reload = (queryClient: ReturnType<typeof useQueryClient>) =>
    queryClient.invalidateQueries({ queryKey: dashboardQueryKey });

  const listOptions = (page: number) =>
    queryOptions({
      queryKey: keys.page(page),
      queryFn: ({ signal }) =>
        apiRequest(routes.list, { query: { PageLength: listLength, PageNumber: page }, schema: listSchema, admin: true, signal }),
      placeholderData: keepPreviousData,
    });

  /** The document as saved now (after a stale save: their version; the audit trail's "Open"). */
  const fetchOne = (id: number) => apiRequest(routes.onePath(id), { schema, admin: true });

  /** Creates a document (no id) or saves one (with id: live, a draft of changes, or its state kept). */
  const save = (payload: Payload) =>
    apiRequest(routes.list, {
      method: typeof payload === 'object' && payload !== null && 'id' in payload ? 'PUT' : 'POST',
      body: payload,
      schema,
      admin: true,
    });

  const changeState = ({ id, action }: { id: number; action: DocumentStateAction }): Promise<Doc> => {
    const [path, method] =
      action === 'publish'
        ? ([routes.publishPath(id), 'POST'] as const)
        : action === 'unpublish'
          ? ([routes.unpublishPath(id), 'POST'] as const)
          : ([routes.draftPath(id), 'DELETE'] as const);
    return apiRequest(path, { method, schema, admin: true });
  };

  return {
    keys,
    listLength,
    listOptions,
    fetchOne,
    save,
    changeState,
    useList: (page: number) => useQuery(listOptions(page)),
    useSave() {
      const queryClient = useQueryClient();
      return useMutation({ mutationFn: save, onSuccess: () => reload(queryClient) });
    },
    useDelete() {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: (id: number) => apiRequest(routes.onePath(id), { method: 'DELETE', admin: true }),
        // A failed delete reloads too: a 404 means the list was out of date.
        onSettled: () => reload(queryClient),
      });
    },
    /** The actions on its state, as a project's (decision 033): each one request, answered with the document. */
    useStateChange() {
      const queryClient = useQueryClient();
      return useMutation({ mutationFn: changeState, onSettled: () => reload(queryClient) });
    },
  };
}
