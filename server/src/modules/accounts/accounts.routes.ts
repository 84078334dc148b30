import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountCreateSchema,
  accountCreatedSchema,
  accountIdParamSchema,
  accountListSchema,
  accountResetSchema,
  accountSchema,
  accountUpdateSchema,
  apiRoutes,
  invitationAcceptSchema,
  invitationResponseSchema,
  loginResponseSchema,
  ownAccountSchema,
  ownAccountUpdateSchema,
} from '@blitz/contract';
import { listAccounts } from './accounts.repository';
import {
  type AccountDeps,
  acceptInvitation,
  createAccount,
  deleteAccount,
  resendInvitation,
  resetAccount,
  revokeInvitation,
  updateAccount,
  updateOwnAccount,
} from './accounts.service';
import { invitationMailer } from './invitation-mail';
import { requestOriginOf } from '../site-address/request-origins';
import { rememberDashboardSession } from '../auth/dashboard-cookie';

/** Accounts managed by admins, and the invitee's first sign-in (issue 31). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = { db: app.db, mailInvitation: invitationMailer(app.mailTransport.mode === 'smtp') };
  // An invitation's links, shown and mailed, use the address the admin works on (issue 40): during
  // a move the saved public address may still serve the old site. A signed-in request came by it,
  // so it reaches this site; without one (no Host), the public address.
  const deps = (request: FastifyRequest): AccountDeps => ({
    ...base,
    origin: async () => requestOriginOf(request) ?? (await app.publicAddress.current()).origin,
  });
  /** A queued invitation mail goes now rather than at the outbox's next look. */
  const sent = <T extends { mailed: boolean }>(answer: T): T => {
    if (answer.mailed) app.outbox.kick();
    return answer;
  };
  const admin = { onRequest: app.requireAdmin, config: { access: 'admin' as const } };
  const actor = (request: FastifyRequest) => ({ userId: request.admin!.id, ip: request.ip, log: request.log });

  app.get(apiRoutes.users.list, { ...admin, schema: { response: { 200: accountListSchema } } }, async () => {
    const data = await listAccounts(app.db);
    return { data, count: data.length };
  });

  app.post(
    apiRoutes.users.list,
    { ...admin, schema: { body: accountCreateSchema, response: { 201: accountCreatedSchema } } },
    async (request, reply) => reply.status(201).send(sent(await createAccount(deps(request), actor(request), request.body))),
  );

  app.put(
    apiRoutes.users.list,
    { ...admin, schema: { body: accountUpdateSchema, response: { 200: accountSchema } } },
    async (request) => updateAccount(deps(request), actor(request), request.body),
  );

  // Every signed-in user's own display name (issue 40); an admin sets anyone's with PUT /User.
  app.put(
    apiRoutes.users.me,
    {
      onRequest: app.requireAdmin,
      config: { access: 'self' },
      schema: { body: ownAccountUpdateSchema, response: { 200: ownAccountSchema } },
    },
    async (request) =>
      updateOwnAccount(deps(request), { ...actor(request), userId: request.admin!.id }, request.body.displayName),
  );

  app.delete(apiRoutes.users.one, { ...admin, schema: { params: accountIdParamSchema } }, async (request, reply) => {
    await deleteAccount(deps(request), actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    apiRoutes.users.reset,
    { ...admin, schema: { params: accountIdParamSchema, body: accountResetSchema, response: { 200: invitationResponseSchema } } },
    async (request) => sent(await resetAccount(deps(request), actor(request), request.params.id, request.body.reason)),
  );

  app.post(
    apiRoutes.users.invitation,
    { ...admin, schema: { params: accountIdParamSchema, response: { 200: invitationResponseSchema } } },
    async (request) => sent(await resendInvitation(deps(request), actor(request), request.params.id)),
  );

  app.delete(apiRoutes.users.invitation, { ...admin, schema: { params: accountIdParamSchema } }, async (request, reply) => {
    await revokeInvitation(deps(request), actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    apiRoutes.auth.invitation,
    // Public: the link's token (256 random bits, one use, 72 hours) is the proof.
    { schema: { body: invitationAcceptSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { token, password } = request.body;
      const jwtToken = await acceptInvitation(
        app.db,
        app.tokenKeys,
        { token, password, ip: request.ip, log: request.log },
        app.config.sessionIdleMs,
      );
      rememberDashboardSession(request, reply, jwtToken, new Date(Date.now() + app.config.sessionIdleMs));
      return { jwtToken };
    },
  );
};
