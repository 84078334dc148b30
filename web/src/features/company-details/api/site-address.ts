import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { siteAddressAnswer } from '../../../lib/answer-reader';

export const siteAddressQueryKey = ['site-address'] as const;

/**
 * The site's public address in effect (SITE_URL, else the saved website, else the shipped one) and
 * the addresses it is reached under lately (admin only). Read without zod: the notice above the
 * tabs reads it too, and its code should not bring zod (issue 46).
 */
export const siteAddressQueryOptions = () =>
  queryOptions({
    queryKey: siteAddressQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.siteAddress, { schema: siteAddressAnswer, admin: true, signal }),
  });

export const useSiteAddress = () => useQuery(siteAddressQueryOptions());
