import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type DashboardFirstView,
  type PageData,
  apiRoutes,
  apiUrl,
  dashboardFirstViewKey,
  dashboardFirstViewReads,
  dashboardHolderCookieName,
  firstViewReadUrl,
  firstViewTokenTail,
  mayAccess,
  userRoles,
} from '@blitz/contract';
import { dashboardCookieToken, forgetDashboardSession, rememberDashboardSession } from './dashboard-cookie';

/**
 * Marks the server's own reads for a first view (a header whose value no client can know, new at
 * every start): the auth guard does not count them as the session's activity, so that a cookie
 * left behind (a sign-out that reached only the browser) cannot keep a session alive.
 */
export const firstViewReadMark = { header: 'x-blitz-first-view', value: crypto.randomBytes(16).toString('hex') };

/** Whether a request is one of the server's own reads for a first view. */
export const isFirstViewRead = (request: FastifyRequest) => request.headers[firstViewReadMark.header] === firstViewReadMark.value;

/** The headers that make a request what it is to the server: its host and, behind a proxy, the forwarded ones. */
const passedHeaders = ['host', 'forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'user-agent'] as const;

/**
 * What /dashboard shows first, read for the sign-in the request's dashboard cookie carries
 * (decision 067): undefined where the page is rendered in the browser as before — no cookie, a
 * session ended, a password to change or a second factor to set up first, a role without the
 * inbox, another tab asked for, or an answer that is not a plain 200. The answers are the API's
 * own, asked through `app.inject` with the token as Bearer header and the page request's own peer
 * and headers (so the same rules, limits and shapes hold, and the security log and the site's
 * address see the staff member's request, not the server's); the cookie is renewed to the
 * session's end, or removed once refused.
 */
export async function readDashboardFirstView(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<PageData | undefined> {
  const token = dashboardCookieToken(request);
  if (!token || request.method !== 'GET') return undefined;
  // Only for the sign-in the browser's application says it holds now (a sign-out offline, a
  // token stored without this cookie following: the page without anyone's inbox).
  if (request.cookies[dashboardHolderCookieName(request.protocol === 'https')] !== firstViewTokenTail(token)) return undefined;
  const tab = (request.query as Record<string, unknown>)['tab'];
  if (tab !== undefined && tab !== 'inquiries') return undefined;
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    [firstViewReadMark.header]: firstViewReadMark.value,
  };
  for (const name of passedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const ask = (options: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
    app.inject({ ...options, headers, remoteAddress: request.socket.remoteAddress ?? request.ip });
  const verified = await ask({ method: 'POST', url: apiUrl(apiRoutes.auth.verify), payload: { JWT: token } });
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
  const get = async (read: (typeof dashboardFirstViewReads)[keyof typeof dashboardFirstViewReads]) => {
    const url = firstViewReadUrl(read);
    const answer = await ask({ method: 'GET', url });
    if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    return answer.json<unknown>();
  };
  // What the list is named and filtered by: without it, the application asks for it itself.
  const getOrNull = (read: Parameters<typeof get>[0]) => get(read).catch(() => null);
  const reads = dashboardFirstViewReads;
  let view: DashboardFirstView;
  try {
    const [inbox, spam, unread, checklist, inquiryTypes, appliedJobs, jobs] = await Promise.all([
      get(reads.inbox),
      get(reads.spam),
      get(reads.unread),
      role === 'admin' ? get(reads.checklist) : null,
      getOrNull(reads.inquiryTypes),
      getOrNull(reads.appliedJobs),
      getOrNull(reads.jobs),
    ]);
    view = { token: firstViewTokenTail(token), session, inbox, spam, unread, checklist, inquiryTypes, appliedJobs, jobs };
  } catch (error) {
    request.log.warn({ err: error }, 'the dashboard’s first view could not be read; the page renders it in the browser');
    return undefined;
  }
  // The reads did not extend the session (`isFirstViewRead`): it ends when the check said.
  const expiresAt = new Date(session.expiresAt ?? '');
  rememberDashboardSession(request, reply, token, Number.isNaN(expiresAt.getTime()) ? undefined : expiresAt);
  return { [dashboardFirstViewKey]: view };
}

/** What the pages hand /dashboard's first view to (pages.routes.ts, `firstView`). */
export const dashboardFirstView = (app: FastifyInstance) => ({
  hasSignIn: (request: FastifyRequest) => dashboardCookieToken(request) !== undefined,
  read: (request: FastifyRequest, reply: FastifyReply) => readDashboardFirstView(app, request, reply),
});
