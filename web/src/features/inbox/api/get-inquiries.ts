import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { inquiryListSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inboxQueryKeys } from './inbox-query-keys';

/** Inquiries per page of the inbox. */
export const inboxPageLength = 20;

/** One page of the inbox, newest first (the server's order); caught spam is not in it. */
export const inquiriesQueryOptions = (page: number, pageLength = inboxPageLength) =>
  queryOptions({
    queryKey: inboxQueryKeys.list(page, pageLength),
    queryFn: ({ signal }) =>
      apiRequest('/Inquiry', {
        query: { PageLength: pageLength, PageNumber: page },
        schema: inquiryListSchema,
        admin: true,
        signal,
      }),
    // Paging keeps the old rows in view until the new page is there.
    placeholderData: keepPreviousData,
  });

export const useInquiries = (page: number) => useQuery(inquiriesQueryOptions(page));
