import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The cookie that lets the server render /dashboard with the inbox's first page (decision 067):
 * the sign-in token, HttpOnly and SameSite=Strict, with the __Host- prefix over HTTPS, as the
 * preview cookie is. Only `GET /dashboard` reads it, a request that changes nothing; every API
 * route still requires the Bearer header, so a forged cross-site request gains nothing by it.
 * Set by every answer that hands out a token (sign-in, a password change, a second factor's
 * set-up, an invitation accepted) and by the token's check, cleared by signing out and by a
 * refused check. A cookie left behind renders nothing: the page checks its session first, and
 * the holder cookie the browser's application keeps (the contract's `dashboardHolderCookieName`)
 * must name the same token.
 */
export function dashboardCookie(https: boolean) {
  return {
    name: https ? '__Host-dashboard' : 'dashboard',
    options: { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: https },
  };
}

const over = (request: FastifyRequest) => dashboardCookie(request.protocol === 'https');

/** The token the request's dashboard cookie carries, if any. */
export const dashboardCookieToken = (request: FastifyRequest): string | undefined => request.cookies[over(request).name];

/** Keeps the token for the dashboard's HTML until the session's end (`expiresAt`), or the browser's. */
export function rememberDashboardSession(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt?: Date) {
  const { name, options } = over(request);
  const maxAge = expiresAt ? Math.max(1, Math.ceil((expiresAt.getTime() - Date.now()) / 1000)) : undefined;
  reply.setCookie(name, token, maxAge === undefined ? options : { ...options, maxAge });
}

/** Removes the cookie where the request carries one. */
export function forgetDashboardSession(request: FastifyRequest, reply: FastifyReply) {
  const { name, options } = over(request);
  if (request.cookies[name] !== undefined) reply.clearCookie(name, options);
}
