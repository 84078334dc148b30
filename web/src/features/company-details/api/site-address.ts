import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, siteAddressSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';

export const siteAddressQueryKey = ['site-address'] as const;

/**
 * The site's public address in effect (SITE_URL, else the saved website, else the shipped one) and
 * the addresses it is reached under lately (admin only).
 */
export const siteAddressQueryOptions = () =>
  queryOptions({
    queryKey: siteAddressQueryKey,
    queryFn: ({ signal }) => apiRequest(apiRoutes.siteAddress, { schema: siteAddressSchema, admin: true, signal }),
  });

export const useSiteAddress = (options: { enabled?: boolean } = {}) => useQuery({ ...siteAddressQueryOptions(), ...options });
