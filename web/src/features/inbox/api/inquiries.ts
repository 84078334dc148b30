import { type QueryClient, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContentLanguage,
  type DeliveryStatus,
  type InquiryDetail,
  type InquirySubject,
  type RetentionSettings,
  inquiryDetailSchema,
  inquiryJobChoicesSchema,
  inquiryListSchema,
  jobListSchema,
  pickText,
  retentionSettingsSchema,
  apiRoutes,
} from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every query of the inbox sits under one root key: a change to one inquiry (handled, resent,
 * deleted) shows in the list as well as in its detail, so after a change all of them reload.
 */
export const inboxQueryKeys = {
  all: ['inbox'] as const,
  list: (filter: object, page: number, pageLength: number) =>
    [...inboxQueryKeys.all, 'list', { ...filter, page, pageLength }] as const,
  detail: (id: number) => [...inboxQueryKeys.all, 'detail', id] as const,
  retention: () => [...inboxQueryKeys.all, 'retention'] as const,
};

/** Inquiries per page of the inbox. */
export const inboxPageLength = 20;

/** What staff narrow the inbox to; empty strings mean "any". */
export type InboxFilter = {
  spam: boolean;
  search: string;
  subject: InquirySubject | '';
  delivery: DeliveryStatus | '';
  handled: 'true' | 'false' | '';
  /** Applications for this job (its id). */
  job: string;
  from: string;
  to: string;
};

export const emptyInboxFilter: InboxFilter = {
  spam: false,
  search: '',
  subject: '',
  delivery: '',
  handled: '',
  job: '',
  from: '',
  to: '',
};

/** The filter as the API's query parameters (shared by the list and the CSV export). */
export function filterQuery(filter: InboxFilter): Record<string, string | undefined> {
  return {
    Spam: String(filter.spam),
    Search: filter.search.trim() || undefined,
    Subject: filter.subject || undefined,
    Delivery: filter.delivery || undefined,
    Handled: filter.handled || undefined,
    JobID: filter.job || undefined,
    From: filter.from || undefined,
    // An end before the start is shown as a mistake at the field and left out here, not sent for a 400.
    To: filter.to && !(filter.from && filter.to < filter.from) ? filter.to : undefined,
  };
}

/** One page of the matching inquiries, newest first (the server's order), and how many match. */
export const inquiriesQueryOptions = (filter: InboxFilter, page: number, pageLength = inboxPageLength) =>
  queryOptions({
    queryKey: inboxQueryKeys.list(filter, page, pageLength),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.inbox.list, {
        query: { ...filterQuery(filter), PageLength: pageLength, PageNumber: page },
        schema: inquiryListSchema,
        admin: true,
        signal,
      }),
    // Paging and filtering keep the old rows in view until the new ones are there.
    placeholderData: keepPreviousData,
  });

export const useInquiries = (filter: InboxFilter, page: number) => useQuery(inquiriesQueryOptions(filter, page));

/** How many match the same search and filters in the other view (inbox or spam): one row is enough to learn the count. */
export const useInquiryCount = (filter: InboxFilter) =>
  useQuery({ ...inquiriesQueryOptions(filter, 1, 1), select: (d) => d.count });

/**
 * The jobs staff can filter applications by: those that applications name, removed jobs included.
 * A job that still exists is named as it is now, in the staff's language; a removed one by the
 * title its latest application kept, or by its number.
 */
export const useJobChoices = (language: ContentLanguage) => {
  const named = useQuery({
    queryKey: [...inboxQueryKeys.all, 'jobs', 'applied'],
    queryFn: ({ signal }) => apiRequest(apiRoutes.inbox.jobs, { schema: inquiryJobChoicesSchema, admin: true, signal }),
  });
  const current = useQuery({
    queryKey: [...inboxQueryKeys.all, 'jobs'],
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.jobs.list, { query: { PageLength: 100 }, schema: jobListSchema, admin: true, signal }),
    select: (list) => new Map(list.data.map((job) => [job.id, pickText(job.title, language)])),
  });
  return (named.data ?? [])
    .map((job) => ({ id: job.id, title: current.data?.get(job.id) || job.title }))
    .sort((a, b) => (a.title ?? '').localeCompare(b.title ?? ''));
};

/** The CSV export of what the filter selects, headed and worded in the staff's language. */
export function exportPath(filter: InboxFilter, lang: 'de' | 'en'): string {
  const params = new URLSearchParams({ lang });
  for (const [key, value] of Object.entries(filterQuery(filter))) if (value !== undefined) params.set(key, value);
  return `${apiRoutes.inbox.export}?${params.toString()}`;
}

/** One inquiry with every field, its attachments and its mail deliveries. */
export const inquiryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: inboxQueryKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(apiRoutes.inbox.onePath(id), { schema: inquiryDetailSchema, admin: true, signal }),
    // The delivery state moves on its own (the outbox sends in the background): always ask again on opening.
    staleTime: 0,
  });

export const useInquiry = (id: number | undefined) => useQuery({ ...inquiryQueryOptions(id ?? 0), enabled: id !== undefined });

export function setInquiryHandled(id: number, handled: boolean) {
  return apiRequest(apiRoutes.inbox.handledPath(id), {
    method: 'POST',
    body: { handled },
    schema: inquiryDetailSchema,
    admin: true,
  });
}

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
