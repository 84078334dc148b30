import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pages,
  statisticsObjectionQuerySchema,
  statisticsQuerySchema,
  statisticsSchema,
  statisticsSummaryInputSchema,
  statisticsSummarySchema,
  apiRoutes,
} from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { statisticsCsv, statisticsOf } from './statistics.service';
import { saveSummary, summaryOf } from './statistics-summary';
import type { FastifyRequest } from 'fastify';
import { optOutCookieName, webAddress } from './visit-classification';

const twoYears = 2 * 365 * 24 * 3600;

/**
 * Whether a request comes from this site's own page: the browser's Sec-Fetch-Site, else (an older
 * browser) its Origin or Referer naming this site.
 */
function fromOwnPage(request: FastifyRequest, siteHost: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const from = webAddress(request.headers.origin ?? request.headers.referer);
  return from !== undefined && [siteHost, request.host.toLowerCase()].includes(from.host.toLowerCase());
}

/** The visitor statistics of the dashboard's tab (issue 32), for admins; and the visitor's objection. */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = {
    onRequest: app.requireAdmin,
    config: { access: 'admin' as const },
    preValidation: caseInsensitiveQuery(['From', 'To']),
  };

  app.get(
    apiRoutes.statistics.counts,
    { ...query, schema: { querystring: statisticsQuerySchema, response: { 200: statisticsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return statisticsOf(app.db, request.query);
    },
  );

  app.get(apiRoutes.statistics.export, { ...query, schema: { querystring: statisticsQuerySchema } }, async (request, reply) => {
    const csv = statisticsCsv(await statisticsOf(app.db, request.query));
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="statistics-${request.query.From}-${request.query.To}.csv"`)
      .send(csv);
  });

  // Each admin's own weekly summary mail: the token says whose.
  const summaryDeps = () => ({ db: app.db, mailServer: app.mailTransport.mode === 'smtp' });
  app.get(
    apiRoutes.statistics.summary,
    { onRequest: app.requireAdmin, config: { access: 'admin' }, schema: { response: { 200: statisticsSummarySchema } } },
    async (request) => summaryOf(summaryDeps(), request.admin!.id),
  );
  app.put(
    apiRoutes.statistics.summary,
    {
      onRequest: app.requireAdmin,
      config: { access: 'admin' },
      schema: { body: statisticsSummaryInputSchema, response: { 200: statisticsSummarySchema } },
    },
    async (request) => saveSummary(summaryDeps(), request.admin!.id, request.body),
  );
  // The imprint's opt-out link when the page script does not run: the cookie that holds only the
  // objection (decision 025), then back to the imprint's section. A link, so a GET: another site
  // may set the objection (it only lowers the count), but a withdrawal is honoured only from this
  // site's own page, or any site could take back a visitor's objection by a link.
  app.get(
    apiRoutes.statistics.objection,
    { preValidation: caseInsensitiveQuery(['Withdraw']), schema: { querystring: statisticsObjectionQuerySchema } },
    async (request, reply) => {
      const https = request.protocol === 'https';
      const options = { path: '/', sameSite: 'lax' as const, secure: https };
      if (request.query.Withdraw === 'true') {
        const siteHost = new URL((await app.publicAddress.current()).origin).host.toLowerCase();
        if (fromOwnPage(request, siteHost)) reply.clearCookie(optOutCookieName, options);
      } else reply.setCookie(optOutCookieName, '1', { ...options, maxAge: twoYears });
      return reply.header('cache-control', 'no-store').redirect(`${pages.impressum.path}#analytics-opt-out`, 303);
    },
  );
};
