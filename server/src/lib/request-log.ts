import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Probes and scrapes, asked every few seconds by machines: logged at `debug` only. */
const quietRoutes = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * One line per answered request instead of Fastify's two ("incoming request", "request
 * completed" with the whole request and reply): the method, the route pattern (never the address:
 * ids, queries and whatever a client typed stay out of the log), the status code, the time taken
 * in ms, and from the request's logger its id (`reqId`, also sent as `x-request-id`). Fastify's
 * other lines (a stream cut, an error after the headers) are kept as they are.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      route: route ?? null,
      statusCode: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (route !== undefined && quietRoutes.has(route)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
