import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type SiteTextChange,
  type SiteTextEntry,
  type SiteTextList,
  apiRoutes,
  siteTextEntrySchema,
  siteTextListSchema,
  siteTextPublishedSchema,
} from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { draftCount } from '../completeness';

export const siteTextsQueryKey = ['site-texts'] as const;

/** Every editable text with its default, live text and draft (staff only). */
export const siteTextsQueryOptions = () =>
  queryOptions({
    queryKey: siteTextsQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.siteTexts.texts, { schema: siteTextListSchema, admin: true, signal }),
  });

export const useSiteTexts = () => useQuery(siteTextsQueryOptions());

export function saveTextDraft(change: SiteTextChange) {
  return apiRequest(apiRoutes.siteTexts.texts, { method: 'PUT', body: change, schema: siteTextEntrySchema, admin: true });
}

/** The list with one text replaced by the server's answer; the drafts count follows. */
export function withEntry(list: SiteTextList, saved: SiteTextEntry): SiteTextList {
  let drafts = list.drafts;
  const data = list.data.map((entry) => {
    if (entry.namespace !== saved.namespace || entry.key !== saved.key) return entry;
    drafts += draftCount(saved) - draftCount(entry);
    return saved;
  });
  return { ...list, data, drafts };
}

/**
 * Reads one text as saved now (after a stale save: "Load their version"). Only that text is
 * replaced in the list: another text with unsaved typing keeps the version it was read at, so
 * that its save is still checked.
 */
export function useLoadTextEntry() {
  const queryClient = useQueryClient();
  return async (namespace: string, key: string): Promise<SiteTextEntry> => {
    const list = await apiRequest(apiRoutes.siteTexts.texts, { schema: siteTextListSchema, admin: true });
    const theirs = list.data.find((entry) => entry.namespace === namespace && entry.key === key);
    if (!theirs) throw new Error(`No text ${namespace}/${key}`);
    queryClient.setQueryData<SiteTextList>(siteTextsQueryKey, (cached) => (cached ? withEntry(cached, theirs) : cached));
    return theirs;
  };
}

/**
 * Saves a draft of one text in one language (`content: null`: back to the default). The answer
 * replaces that text in the list, so that ~800 texts are not loaded again after each change.
 */
export function useSaveTextDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTextDraft,
    onSuccess: (saved) =>
      queryClient.setQueryData<SiteTextList>(siteTextsQueryKey, (list) => (list ? withEntry(list, saved) : list)),
  });
}

export function usePublishTexts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.siteTexts.publish, { method: 'POST', schema: siteTextPublishedSchema, admin: true }),
    // A failed publish reloads too: someone else may have published meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteTextsQueryKey }),
  });
}

/** Starts (true) or ends (false) this browser's preview of the drafts: the server sets or clears a cookie. */
export function usePreview() {
  return useMutation({
    mutationFn: (on: boolean) => apiRequest(apiRoutes.siteTexts.preview, { method: on ? 'POST' : 'DELETE', admin: true }),
  });
}
