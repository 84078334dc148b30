// What the inbox does beyond its list (an inquiry's dialog, the retention setting), loaded with
// them: its answers are read by the contract's schemas (the list's calls: inquiries.ts, without zod).
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type InquiryDetail,
  type InquiryUpdate,
  type RetentionSettings,
  apiRoutes,
  inquiryAssigneesSchema,
  inquiryDetailSchema,
  retentionSettingsSchema,
} from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inboxQueryKeys, inquiryQueryOptions } from './inquiries';

export const useInquiry = (id: number | undefined) => useQuery({ ...inquiryQueryOptions(id ?? 0), enabled: id !== undefined });

/** Status, assignee and follow-up day: only what is given changes. */
export function updateInquiry(id: number, update: InquiryUpdate) {
  return apiRequest(apiRoutes.inbox.onePath(id), { method: 'PUT', body: update, schema: inquiryDetailSchema, admin: true });
}

/** An internal note: the team sees it, no mail ever holds it. */
export function addInquiryNote(id: number, text: string) {
  return apiRequest(apiRoutes.inbox.notePath(id), { method: 'POST', body: { text }, schema: inquiryDetailSchema, admin: true });
}

/** The colleagues who may be given this inquiry (who may see its type). */
export const useAssignees = (id: number) =>
  useQuery({
    queryKey: [...inboxQueryKeys.all, 'assignees', id],
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.inbox.assigneesPath(id), { schema: inquiryAssigneesSchema, admin: true, signal }),
  });

/** Queues the mail to the company once more. */
export function resendInquiry(id: number) {
  return apiRequest(apiRoutes.inbox.resendPath(id), { method: 'POST', schema: inquiryDetailSchema, admin: true });
}

/** Deletes the inquiry with its files. */
export function deleteInquiry(id: number) {
  return apiRequest(apiRoutes.inbox.onePath(id), { method: 'DELETE', admin: true });
}

// The answer is the changed inquiry: shown at once; the lists reload since its row changed too.
// A failure reloads as well: a 404 means the screen was out of date.
function settle(queryClient: QueryClient) {
  return {
    onSuccess: (detail: InquiryDetail | void) => {
      if (detail) queryClient.setQueryData(inboxQueryKeys.detail(detail.id), detail);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...inboxQueryKeys.all, 'list'] }),
  };
}

export function useUpdateInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: InquiryUpdate }) => updateInquiry(id, update),
    ...settle(queryClient),
  });
}

export function useAddNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => addInquiryNote(id, text),
    ...settle(queryClient),
  });
}

export function useResendInquiry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInquiry, ...settle(queryClient) });
}

/**
 * `onDeleted` is the hook's own callback, not one given to `mutate`: removing the detail query
 * unmounts the dialog's content, and a callback given to `mutate` by an unmounted component never runs.
 */
export function useDeleteInquiry(onDeleted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInquiry,
    onSuccess: (_result, id) => {
      onDeleted();
      queryClient.removeQueries({ queryKey: inboxQueryKeys.detail(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...inboxQueryKeys.all, 'list'] }),
  });
}

/** Days after which inquiries (and their files) are deleted, per type; null keeps them. */
export const retentionQueryOptions = () =>
  queryOptions({
    queryKey: inboxQueryKeys.retention(),
    queryFn: ({ signal }) => apiRequest(apiRoutes.inbox.retention, { schema: retentionSettingsSchema, admin: true, signal }),
  });

export const useRetention = () => useQuery(retentionQueryOptions());

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetentionSettings) =>
      apiRequest(apiRoutes.inbox.retention, { method: 'PUT', body: settings, schema: retentionSettingsSchema, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(inboxQueryKeys.retention(), saved),
  });
}
