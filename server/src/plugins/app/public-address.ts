import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pageKeys, pages } from '@blitz/contract';
import { type PublicAddress, createPublicAddress } from '../../modules/site-address/site-address.service';
import { requestOriginOf } from '../../modules/site-address/request-origins';

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's public address in effect, and the origins it is reached under (modules/site-address). */
    publicAddress: PublicAddress;
  }
}

const pageRoutes = new Set<string>(pageKeys.map((page) => pages[page].path));

/**
 * The public address: SITE_URL, else the saved website, else the shipped one — asked per
 * request by every reader. And a note of the origin of each page request (after it is answered),
 * so that the dashboard can warn when visitors reach the site under another host.
 */
export const publicAddress = fp(async (app: FastifyInstance) => {
  const address = createPublicAddress({ db: app.db, contentReads: app.contentReads, siteUrl: app.config.siteUrl });
  app.decorate('publicAddress', address);
  // Only a host known to reach this site is listed (issue 40): one a signed-in staff request came
  // by, or one a visitor's page came by that a probe to it confirmed; never a Host header alone.
  app.answers.listen((request, reply) => {
    if (reply.statusCode >= 400) return;
    const staff = request.admin !== undefined;
    const page = (request.method === 'GET' || request.method === 'HEAD') && pageRoutes.has(request.routeOptions.url ?? '');
    if (!staff && !page) return;
    const origin = requestOriginOf(request);
    if (origin) {
      // Not awaited: the listeners after this one (the statistics' count) do not wait for its writes.
      void (staff ? address.requests.record(origin) : address.requests.recordProbed(origin)).catch((error: unknown) => {
        request.log.debug({ err: error }, 'could not record the origin of a request');
      });
    }
  });
});
