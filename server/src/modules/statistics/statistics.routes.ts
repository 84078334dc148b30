import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statisticsQuerySchema, statisticsSchema } from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/query-keys';
import { statisticsCsv, statisticsOf } from './statistics.service';

/** The visitor statistics of the dashboard's tab (issue 32): admins only. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  const query = { preValidation: caseInsensitiveQuery(['From', 'To']) };

  app.get(
    '/Statistics',
    { ...query, schema: { querystring: statisticsQuerySchema, response: { 200: statisticsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return statisticsOf(app.db, request.query);
    },
  );

  app.get('/Statistics/Export', { ...query, schema: { querystring: statisticsQuerySchema } }, async (request, reply) => {
    const csv = statisticsCsv(await statisticsOf(app.db, request.query));
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="statistics-${request.query.From}-${request.query.To}.csv"`)
      .send(csv);
  });
};
