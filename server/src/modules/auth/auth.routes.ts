import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema, verifyRequestSchema } from '@blitz/contract';
import { authenticate, login, logout } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/login/Auth', { schema: { body: loginRequestSchema } }, async (request) => {
    const jwtToken = await login(app.db, app.tokenKeys, request.body.username, request.body.password, request.ip);
    return { jwtToken };
  });

  app.post('/login/Verfy', { schema: { body: verifyRequestSchema } }, async (request, reply) => {
    const user = await authenticate(app.db, app.tokenKeys, request.body.JWT);
    if (!user) return reply.status(401).send({ valid: false });
    return { valid: true, username: user.username, expiresAt: user.expiresAt.toISOString() };
  });

  app.post('/login/Logout', { preHandler: app.requireAdmin }, async (request, reply) => {
    await logout(app.db, request.admin!.id);
    return reply.status(204).send();
  });
};
