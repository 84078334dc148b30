import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addressGroup } from '../../lib/address-group';
import { HttpError } from '../../lib/http-error';
import { databaseRateLimitStore } from '../../modules/rate-limits/rate-limit-store';

/**
 * Per-client request limits for the routes that ask for one (`config.rateLimit`), counted in the
 * database: behind a load balancer every instance sharing it counts the same requests, so a
 * client gets the limit once, not once per instance.
 */
export const rateLimiting = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    // After the content type is known (a multipart body is not read by then): a form post refused
    // as one too many can still read its typed values and show them again (contact.routes.ts).
    hook: 'preHandler',
    store: databaseRateLimitStore(app.db),
    // An IPv6 client by its /64, as the sign-in throttle counts it: each address of one host's
    // block is not a new client.
    keyGenerator: (request) => addressGroup(request.ip),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'too_many_requests', `Too many requests; try again in ${context.after}`, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
});
