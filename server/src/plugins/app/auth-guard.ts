import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type RouteAccess, mayAccess } from '@blitz/contract';
import { type AuthenticatedUser, authenticate } from '../../modules/auth/auth.service';
import { bearerToken } from '../../modules/auth/tokens';
import { isFirstViewRead } from '../../modules/auth/dashboard-first-view';
import { HttpError, unauthorized } from '../../lib/http-error';
import { logSecurityEvent } from '../../lib/security-log';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for every route that needs a signed-in admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest of a read that shows staff more than visitors (drafts): with a valid token of
     * an admin who may use the dashboard, `request.admin` is set and the answer is not stored;
     * otherwise the request is a visitor's. A stale token left in a browser must not break a
     * public page, so a bad one is not a 401 here; it is still logged as a refused token.
     */
    identifyAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The admin a token signs in, if it is valid and the admin may use the dashboard (password
     * changed, second factor set up where required); a refused token is logged. For reads that
     * show staff more than visitors (identifyAdmin, the preview of page texts); a use of the
     * token counts as activity of its sign-in unless `activity: false` or it is one of the
     * server's own reads for /dashboard's first view.
     */
    staffWithToken: (
      request: FastifyRequest,
      token: string,
      options?: { activity?: boolean; anyRole?: boolean },
    ) => Promise<AuthenticatedUser | undefined>;
  }
  interface FastifyRequest {
    admin: AuthenticatedUser | undefined;
  }
  interface FastifyContextConfig {
    /**
     * What the route serves (issue 31, decision 035), declared by every route behind requireAdmin:
     * `admin` (accounts, settings), `content` (projects, categories, jobs, texts), `inbox`
     * (inquiries, within an inbox account's types), `self` (the user's own sign-in). A guarded
     * route without it is refused to everyone (the access-control test names it).
     */
    access?: RouteAccess;
    /** The route serves a user whose password is still the generated first one (change it, see and end sign-ins, leave), and so also one without a second factor. */
    allowBeforePasswordChange?: boolean;
    /** The route serves a user whose own password is set but who must still set up the second factor the site requires. */
    allowBeforeSecondFactor?: boolean;
  }
}

/** The route pattern (`/api/v1/Inquiry/:id`), not the address: ids and queries stay out of the event. */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unknown';

/**
 * The one guard of every mutating route: missing, malformed, expired, revoked or forged tokens
 * get 401. Each refusal is a security event with its reason, and every request a signed-in admin
 * makes is logged with the admin's id (who changed or read what, and when).
 */
export const authGuard = fp(async (app: FastifyInstance) => {
  app.decorateRequest('admin', undefined);
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    const result = token
      ? await authenticate(app.db, app.tokenKeys, token, {
          idleMs: app.config.sessionIdleMs,
          // The server's own reads for /dashboard's first view are not the user's doing.
          activity: !isFirstViewRead(request),
        })
      : { rejected: 'missing' as const };
    if ('rejected' in result) {
      logSecurityEvent(request.log, 'warn', 'token_rejected', {
        reason: result.rejected,
        method: request.method,
        route: routeOf(request),
        ip: request.ip,
      });
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    request.admin = result.user;
    const { allowBeforePasswordChange = false, allowBeforeSecondFactor = false } = request.routeOptions.config;
    // ASVS 6.4.1: a password nobody chose (printed on the console) is replaced before anything else.
    if (result.user.passwordChangeRequired && !allowBeforePasswordChange) {
      throw new HttpError(403, 'password_change_required', 'Change the generated password first (POST /api/v1/login/Password)');
    }
    // ASVS 6.3.3: where the site requires a second factor, an admin without one sets it up first.
    const secondFactorMissing = app.config.secondFactorRequired && !result.user.secondFactorEnabled;
    if (secondFactorMissing && !allowBeforePasswordChange && !allowBeforeSecondFactor) {
      throw new HttpError(
        403,
        'second_factor_setup_required',
        'Set up two-step sign-in first (POST /api/v1/login/SecondFactor/Setup)',
      );
    }
    const { access } = request.routeOptions.config;
    if (!access || !mayAccess(result.user.role, access)) {
      logSecurityEvent(request.log, 'warn', 'access_denied', {
        userId: result.user.id,
        role: result.user.role,
        access: access ?? 'undeclared',
        method: request.method,
        route: routeOf(request),
        ip: request.ip,
      });
      throw new HttpError(403, 'forbidden', access ? 'Your role may not use this' : 'The route declares no access');
    }
  });

  app.decorate(
    'staffWithToken',
    async (request: FastifyRequest, token: string, options: { activity?: boolean; anyRole?: boolean } = {}) => {
      const result = await authenticate(app.db, app.tokenKeys, token, {
        idleMs: app.config.sessionIdleMs,
        // The first view's reads (the inquiry types' names, the jobs) are not the user's doing either.
        activity: options.activity ?? !isFirstViewRead(request),
      });
      if ('rejected' in result) {
        logSecurityEvent(request.log, 'info', 'token_rejected', {
          reason: result.rejected,
          method: request.method,
          route: routeOf(request),
          ip: request.ip,
        });
        return undefined;
      }
      const { user } = result;
      // Until the password and the second factor are in order, the dashboard shows nothing: nor does this.
      if (user.passwordChangeRequired || (app.config.secondFactorRequired && !user.secondFactorEnabled)) return undefined;
      // Drafts and previews are content: an inbox account reads the public pages as a visitor does
      // (`anyRole`: a read every staff account may make, such as the inquiry types' names).
      return options.anyRole || mayAccess(user.role, 'content') ? user : undefined;
    },
  );

  app.decorate('identifyAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = bearerToken(request);
    const user = token && (await app.staffWithToken(request, token));
    if (!user) return;
    request.admin = user;
    reply.header('cache-control', 'no-store');
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!request.admin) return;
    logSecurityEvent(request.log, 'info', 'admin_request', {
      userId: request.admin.id,
      method: request.method,
      route: routeOf(request),
      status: reply.statusCode,
      ip: request.ip,
    });
  });
});
