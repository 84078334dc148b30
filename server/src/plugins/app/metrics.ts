import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { outboxBacklog } from '../../mail/outbox.repository';
import { withTimeout } from '../../lib/with-timeout';
import { type Metrics, createMetrics } from '../../modules/operations/metrics';
import { checkTimeoutMs } from '../../modules/operations/readiness';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus counters, histograms and gauges of this app (modules/operations/metrics.ts). */
    metrics: Metrics;
  }
}

/** The app's metrics, and every answered request timed by route pattern, method and status code. */
export const metrics = fp(async (app: FastifyInstance) => {
  const created = createMetrics({
    processMetrics: app.config.metricsToken !== undefined,
    outboxBacklog: () => withTimeout(checkTimeoutMs, () => outboxBacklog(app.db, new Date().toISOString())),
  });
  app.decorate('metrics', created);
  app.answers.listen((request, reply) => {
    created.httpDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
});
