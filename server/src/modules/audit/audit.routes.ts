import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, auditExportQuerySchema, auditListQuerySchema, auditListSchema } from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { type DisplayNames, auditCsv, auditPage } from './audit.service';

/**
 * The audit trail (admin only): the list with its filters, and the CSV export (decision 036).
 * `displayNamesOf`: the users' names now, from the accounts' domain (app.ts), which the kernel does not import.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ displayNamesOf: DisplayNames }> = async (app, { displayNamesOf }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    apiRoutes.audit.list,
    {
      config: { access: 'admin' },
      preValidation: caseInsensitiveQuery(Object.keys(auditListQuerySchema.shape)),
      schema: { querystring: auditListQuerySchema, response: { 200: auditListSchema } },
    },
    async (request) => auditPage(app.db, request.query, displayNamesOf),
  );

  app.get(
    apiRoutes.audit.export,
    {
      config: { access: 'admin' },
      preValidation: caseInsensitiveQuery(Object.keys(auditExportQuerySchema.shape)),
      schema: { querystring: auditExportQuerySchema },
    },
    async (request, reply) => {
      const { separator, ...filter } = request.query;
      const lines = auditCsv(app.db, filter, separator);
      // The head and the first batch are read before answering: a database outage is still a 503.
      const head = await lines.next();
      const first = await lines.next();
      async function* all() {
        if (!head.done) yield head.value;
        if (!first.done) {
          yield first.value;
          yield* lines;
        }
      }
      const date = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`audit-${date}.csv`))
        .send(Readable.from(all()));
    },
  );
};
