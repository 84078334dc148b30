import http from 'node:http';
import type { FastifyReply } from 'fastify';
import type { ErrorCode, Problem } from '@blitz/contract';
import { logSecurityEvent } from './security-log';

/**
 * Refusals that may be an attempt to get past a control (input validation, size and type limits,
 * rate limits) are security events. 401s are logged where the reason is known (sign-in, guard);
 * 404 and 409 are ordinary. Only field names go into the event, never what was sent.
 */
const rejectionsLogged = new Set([400, 413, 414, 415, 429]);

export function sendProblem(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  detail: string,
  errors?: Problem['errors'],
  files?: Problem['files'],
  more?: Pick<Problem, 'changedBy' | 'currentVersion' | 'inTrash' | 'step' | 'usedOn'>,
): FastifyReply {
  if (rejectionsLogged.has(status)) {
    const { request } = reply;
    logSecurityEvent(request.log, 'warn', 'request_rejected', {
      status,
      code,
      method: request.method,
      route: request.routeOptions.url ?? 'unknown',
      fields: [...new Set((errors ?? []).map((e) => e.field.slice(0, 64)))].slice(0, 20),
      ip: request.ip,
    });
  }
  const body: Problem = {
    type: `about:blank#${code}`,
    title: http.STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors ? { errors } : {}),
    ...(files ? { files } : {}),
    ...more,
  };
  return reply.status(status).type('application/problem+json; charset=utf-8').send(body);
}
