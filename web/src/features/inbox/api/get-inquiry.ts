import { queryOptions, useQuery } from '@tanstack/react-query';
import { inquiryDetailSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inboxQueryKeys } from './inbox-query-keys';

/** One inquiry with every field, its attachments and its mail deliveries. */
export const inquiryQueryOptions = (id: number) =>
  queryOptions({
    queryKey: inboxQueryKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(`/Inquiry/${id}`, { schema: inquiryDetailSchema, admin: true, signal }),
    // The delivery state moves on its own (the outbox sends in the background): always ask again on opening.
    staleTime: 0,
  });

export const useInquiry = (id: number | undefined) => useQuery({ ...inquiryQueryOptions(id ?? 0), enabled: id !== undefined });
