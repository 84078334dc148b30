import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type DeliveryStatus, type InquirySubject, inquiryListSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inboxQueryKeys } from './inbox-query-keys';

/** Inquiries per page of the inbox. */
export const inboxPageLength = 20;

/** What staff narrow the inbox to; empty strings mean "any". */
export type InboxFilter = {
  spam: boolean;
  search: string;
  subject: InquirySubject | '';
  delivery: DeliveryStatus | '';
  handled: 'true' | 'false' | '';
  from: string;
  to: string;
};

export const emptyInboxFilter: InboxFilter = {
  spam: false,
  search: '',
  subject: '',
  delivery: '',
  handled: '',
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
      apiRequest('/Inquiry', {
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

/** The CSV export of what the filter selects, headed and worded in the staff's language. */
export function exportPath(filter: InboxFilter, lang: 'de' | 'en'): string {
  const params = new URLSearchParams({ lang });
  for (const [key, value] of Object.entries(filterQuery(filter))) if (value !== undefined) params.set(key, value);
  return `/Inquiry/Export?${params.toString()}`;
}
