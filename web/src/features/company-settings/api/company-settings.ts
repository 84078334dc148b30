import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CompanySettingsInput, companySettingsReadSchema, settingsApi } from '@blitz/contract';
import { apiBase, apiRequest } from '../../../lib/api-client';

const path = settingsApi.settings.slice(apiBase.length);

export const companySettingsQueryKey = ['company-settings'] as const;

/** Staff's read of the company details: with `isSample` and `updatedAt` (the request carries the token). */
export const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: companySettingsQueryKey,
    queryFn: ({ signal }) => apiRequest(path, { schema: companySettingsReadSchema, admin: true, signal }),
  });

export const useCompanySettings = () => useQuery(companySettingsQueryOptions());

export function saveCompanySettings(settings: CompanySettingsInput) {
  return apiRequest(path, { method: 'PUT', body: settings, schema: companySettingsReadSchema, admin: true });
}

export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompanySettings,
    onSuccess: (saved) => queryClient.setQueryData(companySettingsQueryKey, saved),
  });
}
