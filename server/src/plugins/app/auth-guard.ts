import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthenticatedUser, authenticate } from '../../modules/auth/auth.service';
import { unauthorized } from '../../lib/http-error';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for every route that needs a signed-in admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    admin: AuthenticatedUser | undefined;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i);
  return match?.[1];
}

/** The one guard of every mutating route: missing, malformed, expired, revoked or forged tokens get 401. */
export const authGuard = fp(async (app: FastifyInstance) => {
  app.decorateRequest('admin', undefined);
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    const user = token ? await authenticate(app.db, app.tokenKeys, token) : undefined;
    if (!user) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    request.admin = user;
  });
});
