import { company } from '@blitz/contract';

/**
 * Whether the site's public address is in effect and the one requests come by: SITE_URL set to
 * something other than the shipped placeholder, and this request's origin (as the proxy reports
 * it, TRUST_PROXY) the same. A stand-in kept in one place: once the site-address service
 * (`GET /api/v1/Settings/Address`, issue 29) is on main, its `{publicOrigin, matches}` goes here.
 */
export function publicAddressState(
  siteUrl: string,
  requestOrigin: string,
): { done: boolean; publicOrigin: string; requestOrigin: string } {
  const placeholder = new URL(company.website).origin;
  return { done: siteUrl !== placeholder && siteUrl === requestOrigin, publicOrigin: siteUrl, requestOrigin };
}
