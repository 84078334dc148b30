import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  berlinDate,
  idParamSchema,
  notFoundListQuerySchema,
  notFoundSettingsSchema,
  redirectCreateSchema,
  redirectListQuerySchema,
  redirectTestQuerySchema,
  redirectUpdateSchema,
} from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { HttpError } from '../../lib/http-error';
import { redirectsCsv } from './redirect-csv';
import type { SiteRouteOptions } from '../registry/site-module';
import { matchIn } from './redirect-table';
import {
  exportRedirects,
  getNotFoundPage,
  getNotFoundSettings,
  getRedirect,
  getRedirectPage,
  importRedirects,
  removeNotFound,
  removeRedirect,
  saveNotFoundSettings,
  saveRedirect,
} from './redirects.service';

/**
 * Redirects of old addresses and the not-found log (issue 43, decision 047): admins only. They
 * edit the instance's table and log (`app.redirects`, made in app.ts before the routes).
 */
export const redirectRoutes: FastifyPluginAsyncZod<SiteRouteOptions> = async (app) => {
  const { table, notFoundLog } = app.redirects;
  const guarded = { onRequest: app.requireAdmin, config: { access: 'admin' as const } };
  // An import is a CSV file sent as it is (the dashboard reads the chosen file and sends its text).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.get(
    apiRoutes.redirects.list,
    {
      ...guarded,
      preValidation: caseInsensitiveQuery(Object.keys(redirectListQuerySchema.shape)),
      schema: { querystring: redirectListQuerySchema },
    },
    async (request) => {
      await table.flushHits();
      return getRedirectPage(app.db, request.query);
    },
  );

  app.get(
    apiRoutes.redirects.test,
    { ...guarded, preValidation: caseInsensitiveQuery(['Path']), schema: { querystring: redirectTestQuerySchema } },
    async (request) => {
      // An address as typed (`kontakt/`, a whole URL of the old site): its path and query.
      const typed = request.query.Path;
      let address = typed;
      try {
        const url = new URL(typed, 'http://site.invalid');
        address = `${url.pathname}${url.search}`;
      } catch {
        // matched as typed
      }
      const match = matchIn(await table.load(), address.startsWith('/') ? address : `/${address}`);
      if (!match) return { redirect: null, location: null };
      return { redirect: await getRedirect(app.db, match.id), location: match.location };
    },
  );

  app.get(apiRoutes.redirects.export, guarded, async (_request, reply) => {
    const csv = redirectsCsv(await exportRedirects(app.db));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(`redirects-${berlinDate()}.csv`))
      .send(csv);
  });

  app.post(apiRoutes.redirects.import, guarded, async (request) => {
    const body = request.body;
    if (typeof body !== 'string') {
      throw new HttpError(415, 'unsupported_media_type', 'Send the CSV as text/csv');
    }
    return importRedirects(app.db, body);
  });

  app.get(apiRoutes.redirects.one, { ...guarded, schema: { params: idParamSchema } }, async (request) => {
    await table.flushHits();
    return getRedirect(app.db, request.params.id);
  });

  app.post(apiRoutes.redirects.list, { ...guarded, schema: { body: redirectCreateSchema } }, async (request, reply) => {
    return reply.status(201).send(await saveRedirect(app.db, request.body));
  });

  app.put(apiRoutes.redirects.list, { ...guarded, schema: { body: redirectUpdateSchema } }, async (request) => {
    const { id, from, to, keepQuery } = request.body;
    return saveRedirect(app.db, { from, to, keepQuery }, id);
  });

  app.delete(apiRoutes.redirects.one, { ...guarded, schema: { params: idParamSchema } }, async (request, reply) => {
    await removeRedirect(app.db, request.params.id);
    return reply.status(204).send();
  });

  app.get(
    apiRoutes.notFound.list,
    {
      ...guarded,
      preValidation: caseInsensitiveQuery(Object.keys(notFoundListQuerySchema.shape)),
      schema: { querystring: notFoundListQuerySchema },
    },
    async (request) => {
      await notFoundLog.flush();
      return getNotFoundPage(app.db, request.query);
    },
  );

  app.delete(apiRoutes.notFound.one, { ...guarded, schema: { params: idParamSchema } }, async (request, reply) => {
    await notFoundLog.flush();
    await removeNotFound(app.db, request.params.id);
    return reply.status(204).send();
  });

  app.get(apiRoutes.notFound.settings, guarded, async () => getNotFoundSettings(app.db));

  app.put(apiRoutes.notFound.settings, { ...guarded, schema: { body: notFoundSettingsSchema } }, async (request) =>
    saveNotFoundSettings(app.db, request.body),
  );
};
