import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { AnsweredReply, AnsweredRequest } from './answered';

/** A successful read slower than this is logged at `info` all the same. */
export const slowRequestMs = 1000;

/**
 * Probes and scrapes, asked every few seconds by machines: at `debug` whatever they answer (a
 * failing readiness check logs itself, a refused scrape is a security event).
 */
const probeRoutes = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per answered request instead of Fastify's two ("incoming request", "request
 * completed" with the whole request and reply): the method, the route pattern (never the address:
 * ids, queries and whatever a client typed stay out of the log), the status code, the time taken
 * in ms, and from the request's logger its id (`reqId`, also sent as `x-request-id`).
 *
 * At `info`: every request that changes something or goes wrong (any method but GET and HEAD,
 * any status from 400 up) and every slow one. Successful quick reads (pages, API reads, assets,
 * media) and probes and scrapes at `debug`: at `info` each costs about 200 bytes, which under the
 * load benchmark made 8–27 MB of log a minute on the busy 2-core development machine
 * (docs/benchmarks.md, decision 015); the metrics count them instead. LOG_LEVEL=debug logs every
 * request. Fastify's other lines (a stream cut, an error after the headers) are kept as they are.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    logAnswer(request, reply, error);
  }
}

/** The one line of an answered request (above); a replayed page (decision 039) logs through it too. */
export function logAnswer(request: AnsweredRequest, reply: AnsweredReply, error?: Error | null): void {
  const line = {
    method: request.method,
    route: request.routeOptions.url ?? null,
    statusCode: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime * 10) / 10,
  };
  if (error) return request.log.error({ ...line, err: error }, 'request errored');
  const read = request.method === 'GET' || request.method === 'HEAD';
  const quiet =
    (line.route !== null && probeRoutes.has(line.route)) || (read && reply.statusCode < 400 && reply.elapsedTime < slowRequestMs);
  if (quiet) request.log.debug(line, 'request completed');
  else request.log.info(line, 'request completed');
}
