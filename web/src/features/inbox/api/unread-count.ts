import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { unreadAnswer } from '../../../lib/answer-reader';

/**
 * How many new inquiries the signed-in user has not opened yet: the count on the inbox's tab. Its
 * key is under the inbox's root (`inboxQueryKeys.all`), so every change in the inbox reloads it;
 * a file of its own, since the dashboard's tabs show it before the inbox's code is loaded.
 */
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: ['inbox', 'unread'],
    queryFn: ({ signal }) => apiRequest(apiRoutes.inbox.unread, { schema: unreadAnswer, admin: true, signal }),
  });

export const useUnreadInquiries = (enabled: boolean) =>
  useQuery({
    ...unreadQueryOptions(),
    select: (unread) => unread.count,
    enabled,
    // New inquiries arrive without the page knowing: asked again every minute and when the window comes back.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
