import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CompanyDetailsInput, apiRoutes } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { companyDetailsReadAnswer } from '../../../lib/content-answers';
import { useShowSavedCompany } from '../../../lib/ssr/saved-site-content';
import { siteAddressQueryKey } from './site-address';

export const companyDetailsQueryKey = ['company-details'] as const;

/** Staff's read of the company details: with `isSample` and `updatedAt` (the request carries the token). */
export const companyDetailsQueryOptions = () =>
  queryOptions({
    queryKey: companyDetailsQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.companyDetails, { schema: companyDetailsReadAnswer, admin: true, signal }),
  });

export const useCompanyDetails = () => useQuery(companyDetailsQueryOptions());

/** Reads the details as saved now, anew (after a stale save: "Load their version"); the cache keeps them. */
export function useFetchCompanyDetails() {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...companyDetailsQueryOptions(), staleTime: 0 });
}

export function saveCompanyDetails(settings: CompanyDetailsInput) {
  return apiRequest(apiRoutes.companyDetails, { method: 'PUT', body: settings, schema: companyDetailsReadAnswer, admin: true });
}

export function useSaveCompanyDetails() {
  const queryClient = useQueryClient();
  const showSaved = useShowSavedCompany();
  return useMutation({
    mutationFn: saveCompanyDetails,
    onSuccess: (saved) => {
      queryClient.setQueryData(companyDetailsQueryKey, saved);
      // The dashboard's own frame (footer) shows them at once, as the next page will.
      const { isSample: _isSample, updatedAt: _updatedAt, ...company } = saved;
      showSaved(company);
      // The saved website may be the public address now.
      void queryClient.invalidateQueries({ queryKey: siteAddressQueryKey });
    },
  });
}
