import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ContentLanguage,
  type DeliveryStatus,
  type InquiryStatus,
  pickText,
  apiRoutes,
  inboxPageLength,
} from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inquiryJobChoicesAnswer, inquiryListAnswer, jobTitlesAnswer } from '../../../lib/answer-reader';

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

/** Inquiries per page of the inbox (the contract's: the server renders the first page into /dashboard). */
export { inboxPageLength };

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
        schema: inquiryListAnswer,
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

/** The jobs that applications name (GET /Inquiry/Jobs). */
export const appliedJobsQueryOptions = () =>
  queryOptions({
    queryKey: [...inboxQueryKeys.all, 'jobs', 'applied'],
    queryFn: ({ signal }) => apiRequest(apiRoutes.inbox.jobs, { schema: inquiryJobChoicesAnswer, admin: true, signal }),
  });

/** The jobs as they are now, by their titles (GET /Job, up to 100). */
export const jobTitlesQueryOptions = () =>
  queryOptions({
    queryKey: [...inboxQueryKeys.all, 'jobs'],
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.jobs.list, { query: { PageLength: 100 }, schema: jobTitlesAnswer, admin: true, signal }),
  });

/**
 * The jobs staff can filter applications by: those that applications name, removed jobs included.
 * A job that still exists is named as it is now, in the staff's language; a removed one by the
 * title its latest application kept, or by its number.
 */
export const useJobChoices = (language: ContentLanguage) => {
  const named = useQuery(appliedJobsQueryOptions());
  const current = useQuery({
    ...jobTitlesQueryOptions(),
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
    queryFn: ({ signal }) => import('./inquiry-fetch').then((fetched) => fetched.fetchInquiry(id, signal)),
    // The delivery state moves on its own (the outbox sends in the background): always ask again on opening.
    staleTime: 0,
  });
