import { type QueryClient, keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContentLanguage,
  type DeliveryStatus,
  type InquiryDetail,
  type InquiryStatus,
  type InquiryUpdate,
  inquiryAssigneesSchema,
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
 * Every query of the inbox sits under one root key: a change to one inquiry (its status, resent,
 * deleted) shows in the list as well as in its detail, so after a change all of them reload.
 */
export const inboxQueryKeys = {
  all: ['inbox'] as const,
  list: (filter: object, page: number, pageLength: number) =>
    [...inboxQueryKeys.all, 'list', { ...filter, page, pageLength }] as const,
  detail: (id: number) => [...inboxQueryKeys.all, 'detail', id] as const,
  retention: () => [...inboxQueryKeys.all, 'retention'] as const,
  /** The tab's count (features/inbox/api/unread-count.ts, loaded before this file). */
  unread: () => [...inboxQueryKeys.all, 'unread'] as const,
};

/** Inquiries per page of the inbox. */
export const inboxPageLength = 20;

/** What staff narrow the inbox to; empty strings mean "any". */
export type InboxFilter = {
  spam: boolean;
  search: string;
  /** A type's key (SPEC.md's three or one staff added); '': any. */
  subject: string;
  delivery: DeliveryStatus | '';
  /** A status, or `open`: any but closed. */
  status: InquiryStatus | 'open' | '';
  /** `me`: assigned to the signed-in user; `none`: to nobody. */
  assignee: 'me' | 'none' | '';
  /** Only those with a follow-up day today or before, not closed. */
  followUpDue: boolean;
  /** Only new ones the signed-in user has not opened yet. */
  unread: boolean;
  /** Only the unanswered: still new two working days after arrival (decision 048). */
  unanswered: boolean;
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
  status: '',
  assignee: '',
  followUpDue: false,
  unread: false,
  unanswered: false,
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
    Handled: filter.status === 'open' ? 'false' : undefined,
    Status: filter.status && filter.status !== 'open' ? filter.status : undefined,
    Assignee: filter.assignee || undefined,
    FollowUpDue: filter.followUpDue ? 'true' : undefined,
    Unread: filter.unread ? 'true' : undefined,
    Unanswered: filter.unanswered ? 'true' : undefined,
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
export const useInquiryCount = (filter: InboxFilter) => useQuery({ ...inquiriesQueryOptions(filter, 1, 1), select: shownCount });

/** A list's count as the view's badge shows it: a search's capped count as "1000+". */
export const shownCount = (list: { count: number; countCapped: boolean }): string | number =>
  list.countCapped ? `${list.count}+` : list.count;

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
