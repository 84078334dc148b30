import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, siteAddressProbeQuerySchema, siteAddressProbeSchema, siteAddressSchema } from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { siteAddressReport } from './site-address.service';
import { requestOriginOf } from './request-origins';

/** The public address in effect and the hosts the site is reached under (issue 29), for an admin. */
export const siteAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.siteAddress,
    { onRequest: app.requireAdmin, config: { access: 'admin' }, schema: { response: { 200: siteAddressSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return siteAddressReport(
        { db: app.db, contentReads: app.contentReads, siteUrl: app.config.siteUrl, address: app.publicAddress },
        requestOriginOf(request),
      );
    },
  );

  // Anyone: a server asked under a host proves here that the host reaches it (request-origins.ts).
  app.get(
    apiRoutes.siteAddressProbe,
    {
      preValidation: caseInsensitiveQuery(['Nonce']),
      schema: { querystring: siteAddressProbeQuerySchema, response: { 200: siteAddressProbeSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { proof: await app.publicAddress.requests.proof(request.query.Nonce) };
    },
  );
};
