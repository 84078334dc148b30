import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type DashboardFirstView,
  type PageData,
  apiRoutes,
  apiUrl,
  dashboardFirstViewKey,
  firstViewTokenTail,
  inboxPageLength,
  mayAccess,
  userRoles,
} from '@blitz/contract';
import { dashboardCookieToken, forgetDashboardSession, rememberDashboardSession } from './dashboard-cookie';

/** GET with the query as the browser's application writes it. */
const read = (path: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `${apiUrl(path)}${search ? `?${search}` : ''}`;
};

/**
 * What /dashboard shows first, read for the sign-in the request's dashboard cookie carries
 * (decision 067): undefined where the page is rendered in the browser as before — no cookie, a
 * session ended, a password to change or a second factor to set up first, a role without the
 * inbox, another tab asked for, or an answer that is not a plain 200. The answers are the API's
 * own (asked through `app.inject` with the token as its Bearer header, so the same rules, limits
 * and shapes hold); the cookie is renewed to the session's end, or removed once refused.
 */
export async function readDashboardFirstView(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<PageData | undefined> {
  const token = dashboardCookieToken(request);
  if (!token) return undefined;
  const tab = (request.query as Record<string, unknown>)['tab'];
  if (tab !== undefined && tab !== 'inquiries') return undefined;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const verified = await app.inject({ method: 'POST', url: apiUrl(apiRoutes.auth.verify), headers, payload: { JWT: token } });
  if (verified.statusCode === 401) forgetDashboardSession(request, reply);
  if (verified.statusCode !== 200) return undefined;
  const session = verified.json<{
    valid?: boolean;
    role?: unknown;
    expiresAt?: string;
    passwordChangeRequired?: boolean;
    secondFactorSetupRequired?: boolean;
  }>();
  const role = userRoles.find((known) => known === session.role);
  if (!session.valid || session.passwordChangeRequired || session.secondFactorSetupRequired) return undefined;
  if (!role || !mayAccess(role, 'inbox')) return undefined;
  const get = async (url: string) => {
    const answer = await app.inject({ method: 'GET', url, headers });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    return answer.json<unknown>();
  };
  let view: DashboardFirstView;
  try {
    const [inbox, spam, unread, checklist] = await Promise.all([
      get(read(apiRoutes.inbox.list, { Spam: 'false', PageLength: inboxPageLength, PageNumber: 1 })),
      get(read(apiRoutes.inbox.list, { Spam: 'true', PageLength: 1, PageNumber: 1 })),
      get(read(apiRoutes.inbox.unread)),
      role === 'admin' ? get(read(apiRoutes.goLive.checklist)) : null,
    ]);
    view = { token: firstViewTokenTail(token), session, inbox, spam, unread, checklist };
  } catch (error) {
    request.log.warn({ err: error }, 'the dashboard’s first view could not be read; the page renders it in the browser');
    return undefined;
  }
  const expiresAt = new Date(session.expiresAt ?? '');
  rememberDashboardSession(request, reply, token, Number.isNaN(expiresAt.getTime()) ? undefined : expiresAt);
  return { [dashboardFirstViewKey]: view };
}

/** What the pages hand /dashboard's first view to (pages.routes.ts, `firstView`). */
export const dashboardFirstView = (app: FastifyInstance) => ({
  claimed: (request: FastifyRequest) => dashboardCookieToken(request) !== undefined,
  read: (request: FastifyRequest, reply: FastifyReply) => readDashboardFirstView(app, request, reply),
});
