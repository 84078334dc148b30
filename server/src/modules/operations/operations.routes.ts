import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/http-error';
import { logSecurityEvent } from '../../lib/security-log';
import { bearerToken } from '../auth/tokens';
import { createReadiness, readinessAnswerSchema } from './readiness';

/** The paths of the operations routes; not pages, so an unknown one is never redirected. */
export const operationsPaths = { health: '/healthz', ready: '/readyz', metrics: '/metrics' } as const;

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * Probes and metrics for the machines that run the site: liveness (`/healthz`, nothing checked
 * but that the process answers), readiness (`/readyz`, modules/operations/readiness.ts) and
 * Prometheus metrics (`/metrics`, only with METRICS_TOKEN, as a bearer token). None of them is
 * rate limited or cached; /metrics asks for the token, and /readyz gives its details only with it.
 */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(operationsPaths.health, { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  const readiness = createReadiness({
    db: app.db,
    media: app.media,
    attachments: app.attachments,
    webDist: app.config.webDist,
    clamd: app.config.clamd?.address,
    outboxMaxAgeMs: app.config.readyOutboxMaxAgeMs,
    storageProbeMs: app.config.readyStorageProbeMs,
    log: app.log.child({ module: 'readiness' }),
    contentVersion: () => app.contentVersion.source(),
  });
  const token = app.config.metricsToken;
  const expected = token === undefined ? undefined : digest(token);
  // Compared as digests of equal length, in constant time: the answer's timing tells nothing.
  const holdsToken = (given: string | undefined) =>
    given !== undefined && expected !== undefined && crypto.timingSafeEqual(digest(given), expected);

  app.get(
    operationsPaths.ready,
    { schema: { response: { 200: readinessAnswerSchema, 503: readinessAnswerSchema } } },
    async (request, reply) => {
      const result = await readiness.evaluate();
      reply.status(result.status === 'ok' ? 200 : 503);
      // A load balancer needs the status and the names; the details are the operator's (the metrics token).
      const given = bearerToken(request);
      if (holdsToken(given)) return reply.send(result);
      if (given !== undefined && expected !== undefined) {
        logSecurityEvent(request.log, 'warn', 'token_rejected', {
          reason: 'wrong_metrics_token',
          method: request.method,
          route: operationsPaths.ready,
          ip: request.ip,
        });
      }
      return reply.send({
        status: result.status,
        failing: result.failing,
        ...(result.degraded ? { degraded: result.degraded } : {}),
      });
    },
  );

  if (token === undefined) return;
  app.get(operationsPaths.metrics, async (request, reply) => {
    const given = bearerToken(request);
    if (!holdsToken(given)) {
      logSecurityEvent(request.log, 'warn', 'token_rejected', {
        reason: given === undefined ? 'missing' : 'wrong_metrics_token',
        method: request.method,
        route: operationsPaths.metrics,
        ip: request.ip,
      });
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized('A valid metrics token is required');
    }
    const { registry } = app.metrics;
    return reply.type(registry.contentType).send(await registry.metrics());
  });
};
