import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RetentionSettings, apiRoutes, retentionSettingsSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inboxQueryKeys } from './inquiries';

// The inbox's retention settings (decision 050), apart from the inquiry dialog's actions: their
// schema brings zod, which the dialog's code does without (issue 46).

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
