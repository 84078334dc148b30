import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type InquiryDetail, inquiryDetailSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inboxQueryKeys } from './inbox-query-keys';

export function setInquiryHandled(id: number, handled: boolean) {
  return apiRequest(`/Inquiry/${id}/Handled`, { method: 'POST', body: { handled }, schema: inquiryDetailSchema, admin: true });
}

/** Queues the mail to the company once more. */
export function resendInquiry(id: number) {
  return apiRequest(`/Inquiry/${id}/Resend`, { method: 'POST', schema: inquiryDetailSchema, admin: true });
}

/** Deletes the inquiry with its files. */
export function deleteInquiry(id: number) {
  return apiRequest(`/Inquiry/${id}`, { method: 'DELETE', admin: true });
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

export function useSetHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) => setInquiryHandled(id, handled),
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
