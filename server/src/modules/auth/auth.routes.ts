import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema, verifyRequestSchema } from '@blitz/contract';
import { logSecurityEvent } from '../../lib/security-log';
import { authenticate, login, logout } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/login/Auth', { schema: { body: loginRequestSchema } }, async (request) => {
    const { username, password } = request.body;
    const jwtToken = await login(app.db, app.tokenKeys, { username, password, ip: request.ip, log: request.log });
    return { jwtToken };
  });

  app.post('/login/Verfy', { schema: { body: verifyRequestSchema } }, async (request, reply) => {
    const result = await authenticate(app.db, app.tokenKeys, request.body.JWT);
    if ('rejected' in result) {
      // The web app asks this for its stored token: an expired one is routine, hence info.
      logSecurityEvent(request.log, 'info', 'token_rejected', { reason: result.rejected, via: 'verify', ip: request.ip });
      return reply.status(401).send({ valid: false });
    }
    const { user } = result;
    return { valid: true, username: user.username, expiresAt: user.expiresAt.toISOString() };
  });

  app.post('/login/Logout', { preHandler: app.requireAdmin }, async (request, reply) => {
    await logout(app.db, request.admin!.id);
    logSecurityEvent(request.log, 'info', 'logout', { userId: request.admin!.id, ip: request.ip });
    return reply.status(204).send();
  });
};
