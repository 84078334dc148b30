// What an inquiry's dialog does, loaded with it: its answers read without zod, as the list's are
// (lib/answer-reader.ts; issue 46). The retention setting: retention.ts.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type InquiryDetail, type InquiryUpdate, apiRoutes } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inquiryAssigneesAnswer, inquiryDetailAnswer } from '../../../lib/answer-reader';
import { inboxQueryKeys, inquiryQueryOptions } from './inquiries';

export const useInquiry = (id: number | undefined) => useQuery({ ...inquiryQueryOptions(id ?? 0), enabled: id !== undefined });

/** Status, assignee and follow-up day: only what is given changes. */
export function updateInquiry(id: number, update: InquiryUpdate) {
  return apiRequest(apiRoutes.inbox.onePath(id), { method: 'PUT', body: update, schema: inquiryDetailAnswer, admin: true });
}

/** An internal note: the team sees it, no mail ever holds it. */
export function addInquiryNote(id: number, text: string) {
  return apiRequest(apiRoutes.inbox.notePath(id), { method: 'POST', body: { text }, schema: inquiryDetailAnswer, admin: true });
}

/** The colleagues who may be given this inquiry (who may see its type). */
export const useAssignees = (id: number) =>
  useQuery({
    queryKey: [...inboxQueryKeys.all, 'assignees', id],
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.inbox.assigneesPath(id), { schema: inquiryAssigneesAnswer, admin: true, signal }),
  });

/** Queues the mail to the company once more. */
export function resendInquiry(id: number) {
  return apiRequest(apiRoutes.inbox.resendPath(id), { method: 'POST', schema: inquiryDetailAnswer, admin: true });
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
