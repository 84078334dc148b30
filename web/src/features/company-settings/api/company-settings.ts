import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CompanySettingsInput, apiRoutes, companySettingsReadSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { useShowSavedCompany } from '../../../lib/ssr/saved-site-content';
import { siteAddressQueryKey } from './site-address';

export const companySettingsQueryKey = ['company-settings'] as const;

/** Staff's read of the company details: with `isSample` and `updatedAt` (the request carries the token). */
export const companySettingsQueryOptions = () =>
  queryOptions({
    queryKey: companySettingsQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.companySettings, { schema: companySettingsReadSchema, admin: true, signal }),
  });

export const useCompanySettings = () => useQuery(companySettingsQueryOptions());

export function saveCompanySettings(settings: CompanySettingsInput) {
  return apiRequest(apiRoutes.companySettings, { method: 'PUT', body: settings, schema: companySettingsReadSchema, admin: true });
}

export function useSaveCompanySettings() {
  const queryClient = useQueryClient();
  const showSaved = useShowSavedCompany();
  return useMutation({
    mutationFn: saveCompanySettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(companySettingsQueryKey, saved);
      // The dashboard's own frame (footer) shows them at once, as the next page will.
      const { isSample: _isSample, updatedAt: _updatedAt, ...company } = saved;
      showSaved(company);
      // The saved website may be the public address now.
      void queryClient.invalidateQueries({ queryKey: siteAddressQueryKey });
    },
  });
}
