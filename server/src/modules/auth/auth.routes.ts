import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  passwordChangeRequestSchema,
  secondFactorConfirmRequestSchema,
  secondFactorConfirmResponseSchema,
  secondFactorDisableRequestSchema,
  secondFactorSetupRequestSchema,
  secondFactorSetupResponseSchema,
  secondFactorStatusSchema,
  sessionIdParamSchema,
  signInSessionListSchema,
  verifyRequestSchema,
  apiRoutes,
} from '@blitz/contract';
import { HttpError, notFound } from '../../lib/http-error';
import { logSecurityEvent } from '../../lib/security-log';
import { type SignInOutcome, authenticate, changePassword, login, logout } from './auth.service';
import {
  confirmSecondFactorSetup,
  secondFactorStatus,
  startSecondFactorSetup,
  turnOffSecondFactor,
} from './second-factor.service';
import { deleteUserSession, listUserSessions } from './sessions.repository';
import { forgetDashboardSession, rememberDashboardSession } from './dashboard-cookie';

/** A refused sign-in as the metrics count it (blitz_sign_ins_total). */
function signInOutcome(error: unknown): SignInOutcome {
  if (!(error instanceof HttpError)) return 'error';
  switch (error.code) {
    case 'invalid_credentials':
      return 'invalid_credentials';
    case 'too_many_requests':
      return 'throttled';
    case 'second_factor_required':
      return 'second_factor_required';
    case 'invalid_second_factor':
      return 'second_factor_invalid';
    default:
      return 'error';
  }
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The token a sign-in starts idles out after this, unless used (the dashboard's cookie lasts as long).
  const idleEnd = () => new Date(Date.now() + app.config.sessionIdleMs);

  app.post(apiRoutes.auth.login, { schema: { body: loginRequestSchema } }, async (request, reply) => {
    const { username, password, code } = request.body;
    const attempt = { username, password, code, ip: request.ip, log: request.log };
    try {
      const jwtToken = await login(app.db, app.tokenKeys, attempt, app.config.sessionIdleMs);
      app.metrics.signIns.inc({ outcome: 'success' });
      rememberDashboardSession(request, reply, jwtToken, idleEnd());
      return { jwtToken };
    } catch (error) {
      app.metrics.signIns.inc({ outcome: signInOutcome(error) });
      throw error;
    }
  });

  app.post(apiRoutes.auth.verify, { schema: { body: verifyRequestSchema } }, async (request, reply) => {
    // Asking whether the token is still good is not activity: it does not extend the session.
    const result = await authenticate(app.db, app.tokenKeys, request.body.JWT, {
      idleMs: app.config.sessionIdleMs,
      activity: false,
    });
    if ('rejected' in result) {
      // The web app asks this for its stored token: an expired one is routine, hence info.
      logSecurityEvent(request.log, 'info', 'token_rejected', { reason: result.rejected, via: 'verify', ip: request.ip });
      forgetDashboardSession(request, reply);
      return reply.status(401).send({ valid: false });
    }
    const { user } = result;
    // The browser's own check of its token: the dashboard's next HTML may carry its first view.
    rememberDashboardSession(request, reply, request.body.JWT, user.expiresAt);
    return {
      valid: true,
      username: user.username,
      displayName: user.displayName,
      expiresAt: user.expiresAt.toISOString(),
      passwordChangeRequired: user.passwordChangeRequired,
      secondFactorSetupRequired: app.config.secondFactorRequired && !user.secondFactorEnabled,
      role: user.role,
      inquiryTypes: user.inquiryTypes,
    };
  });

  app.post(
    apiRoutes.auth.password,
    {
      onRequest: app.requireAdmin,
      config: { access: 'self', allowBeforePasswordChange: true },
      schema: { body: passwordChangeRequestSchema },
    },
    async (request, reply) => {
      const { currentPassword, code, newPassword } = request.body;
      const change = { userId: request.admin!.id, currentPassword, code, newPassword, ip: request.ip, log: request.log };
      const jwtToken = await changePassword(app.db, app.tokenKeys, change, app.config.sessionIdleMs);
      rememberDashboardSession(request, reply, jwtToken, idleEnd());
      return { jwtToken };
    },
  );

  // The user's second factor (ASVS 6.3.3): an authenticator app, with recovery codes.
  const actor = (request: FastifyRequest) => ({
    userId: request.admin!.id,
    sessionId: request.admin!.sessionId,
    ip: request.ip,
    log: request.log,
  });

  app.get(
    apiRoutes.auth.secondFactor,
    {
      onRequest: app.requireAdmin,
      config: { access: 'self', allowBeforeSecondFactor: true },
      schema: { response: { 200: secondFactorStatusSchema } },
    },
    async (request) => ({
      ...(await secondFactorStatus(app.db, request.admin!.id)),
      required: app.config.secondFactorRequired,
    }),
  );

  app.post(
    apiRoutes.auth.secondFactorSetup,
    {
      onRequest: app.requireAdmin,
      config: { access: 'self', allowBeforeSecondFactor: true },
      schema: { body: secondFactorSetupRequestSchema, response: { 200: secondFactorSetupResponseSchema } },
    },
    async (request) => startSecondFactorSetup(app.db, actor(request), request.body.password),
  );

  app.post(
    apiRoutes.auth.secondFactorConfirm,
    {
      onRequest: app.requireAdmin,
      config: { access: 'self', allowBeforeSecondFactor: true },
      schema: { body: secondFactorConfirmRequestSchema, response: { 200: secondFactorConfirmResponseSchema } },
    },
    async (request, reply) => {
      const confirmed = await confirmSecondFactorSetup(
        app.db,
        app.tokenKeys,
        actor(request),
        request.body.code,
        app.config.sessionIdleMs,
      );
      rememberDashboardSession(request, reply, confirmed.jwtToken, idleEnd());
      return confirmed;
    },
  );

  app.post(
    apiRoutes.auth.secondFactorDisable,
    { onRequest: app.requireAdmin, config: { access: 'self' }, schema: { body: secondFactorDisableRequestSchema } },
    async (request, reply) => {
      await turnOffSecondFactor(app.db, actor(request), request.body.password, request.body.code);
      return reply.status(204).send();
    },
  );

  // The user's own sign-ins (ASVS 7.5.2): listed, and each can be ended, this one included.
  app.get(
    apiRoutes.auth.sessions,
    {
      onRequest: app.requireAdmin,
      config: { access: 'self', allowBeforePasswordChange: true },
      schema: { response: { 200: signInSessionListSchema } },
    },
    async (request) => {
      const { id, sessionId } = request.admin!;
      const sessions = await listUserSessions(app.db, id, new Date(), app.config.sessionIdleMs);
      return { data: sessions.map((session) => ({ ...session, current: session.id === sessionId })) };
    },
  );

  app.delete(
    apiRoutes.auth.session,
    {
      onRequest: app.requireAdmin,
      config: { access: 'self', allowBeforePasswordChange: true },
      schema: { params: sessionIdParamSchema },
    },
    async (request, reply) => {
      if (!(await deleteUserSession(app.db, request.admin!.id, request.params.id))) throw notFound('Session');
      logSecurityEvent(request.log, 'info', 'session_ended', {
        userId: request.admin!.id,
        current: request.params.id === request.admin!.sessionId,
        ip: request.ip,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    apiRoutes.auth.logout,
    { preHandler: app.requireAdmin, config: { access: 'self', allowBeforePasswordChange: true } },
    async (request, reply) => {
      await logout(app.db, request.admin!.id);
      logSecurityEvent(request.log, 'info', 'logout', { userId: request.admin!.id, ip: request.ip });
      forgetDashboardSession(request, reply);
      return reply.status(204).send();
    },
  );
};
