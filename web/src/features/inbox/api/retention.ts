import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type RetentionSettings, retentionSettingsSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { inboxQueryKeys } from './inbox-query-keys';

/** Days after which inquiries (and their files) are deleted, per type; null keeps them. */
export const retentionQueryOptions = () =>
  queryOptions({
    queryKey: inboxQueryKeys.retention(),
    queryFn: ({ signal }) => apiRequest('/Inquiry/Retention', { schema: retentionSettingsSchema, admin: true, signal }),
  });

export const useRetention = () => useQuery(retentionQueryOptions());

export function useSaveRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetentionSettings) =>
      apiRequest('/Inquiry/Retention', { method: 'PUT', body: settings, schema: retentionSettingsSchema, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(inboxQueryKeys.retention(), saved),
  });
}
