import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../../lib/http-error';

/**
 * Per-client request limits for the routes that ask for one (`config.rateLimit`). Counted in
 * memory per instance: behind a load balancer with N instances a client gets at most N times the
 * limit, which is still a limit, and losing the counts on restart is harmless.
 */
export const rateLimiting = fp(async (app: FastifyInstance) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'too_many_requests', `Too many requests; try again in ${context.after}`, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
});
