import type { SiteAddress } from '@blitz/contract';
import { isDatabaseUnavailable } from '../../db/errors';
import type { Db } from '../../db/database';
import { readCompanyDetails } from '../company/company-reads';
import { getCompanyDetails } from '../company/company-details.service';
import type { ReadDeps } from '../content/content-reads';
import { type PublicOrigin, plainOriginOf, publicOriginOf } from './public-origin';
import { type RequestOrigins, createRequestOrigins } from './request-origins';

/** The public address in effect, asked per request or per page build, and the origins the site is reached under. */
export type PublicAddress = {
  /**
   * The origin every absolute address is written with now: SITE_URL, else the saved website's
   * (read per content version, so a save on any instance applies from the next request), else
   * the shipped one. While the database is unavailable, the one read last.
   */
  current(): Promise<PublicOrigin>;
  /**
   * What `current()` answered last on this instance, for a caller that must not wait for a read
   * (the statistics, counting after each page); read again in the background when older than a
   * minute. Undefined before the first read.
   */
  lastKnown(): PublicOrigin | undefined;
  requests: RequestOrigins;
};

export type PublicAddressDeps = ReadDeps & { siteUrl: string | undefined };

const lastKnownFor = 60_000;

export function createPublicAddress(deps: PublicAddressDeps): PublicAddress {
  let last: PublicOrigin | undefined;
  let readAt = 0;
  let refreshing = false;
  const current = async () => {
    try {
      const { value: company } = await readCompanyDetails(deps);
      last = publicOriginOf(deps.siteUrl, company.website);
      readAt = Date.now();
      return last;
    } catch (error) {
      if (last && isDatabaseUnavailable(error)) return last;
      throw error;
    }
  };
  return {
    current,
    lastKnown() {
      if (!refreshing && Date.now() - readAt > lastKnownFor) {
        refreshing = true;
        void current()
          .catch(() => undefined)
          .finally(() => (refreshing = false));
      }
      return last;
    },
    requests: createRequestOrigins(deps.db),
  };
}

/**
 * The public origin from the company details as stored now, read past the per-version cache: for
 * a reader that has just read the content version itself and keeps its result per version (the
 * sitemap), so that a request costs it no second read of the version.
 */
export async function storedPublicOrigin(db: Db, siteUrl: string | undefined): Promise<PublicOrigin> {
  return publicOriginOf(siteUrl, (await getCompanyDetails(db)).settings.website);
}

/** How many recent origins the dashboard is told of. */
const reportedOrigins = 10;

/**
 * `GET /api/v1/Settings/Address`: the address in effect, where it comes from, and whether the
 * site is reached under it — this request (the dashboard's) included.
 */
export async function siteAddressReport(
  deps: PublicAddressDeps & { address: PublicAddress },
  requestOrigin: string | undefined,
): Promise<SiteAddress> {
  const { value: company } = await readCompanyDetails(deps);
  const { origin, source } = publicOriginOf(deps.siteUrl, company.website);
  if (requestOrigin) await deps.address.requests.record(requestOrigin);
  const recent = await deps.address.requests.recent(reportedOrigins);
  const requestOrigins = [...new Set([...(requestOrigin ? [requestOrigin] : []), ...recent])].slice(0, reportedOrigins);
  return {
    publicOrigin: origin,
    source,
    siteUrl: deps.siteUrl ?? null,
    websiteOrigin: plainOriginOf(company.website) ?? null,
    requestOrigin: requestOrigin ?? null,
    requestOrigins,
    matches: requestOrigins.every((seen) => seen === origin),
  };
}
