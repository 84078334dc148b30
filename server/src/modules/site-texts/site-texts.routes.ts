import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteTextChangeSchema, apiRoutes } from '@blitz/contract';
import { requestOrigin, sameOriginPath } from '../../lib/same-origin-path';
import { previewCookie } from './preview-cookie';
import { bearerToken } from '../auth/tokens';
import { publishSiteTextDrafts } from './site-texts.repository';
import { changeSiteText, listSiteTexts } from './site-texts.service';

/** A preview lasts as long as the sign-in it was started with, at most this long. */
const previewSeconds = 12 * 3600;

/** The site texts (decision 022): staff list them, save drafts, publish, and preview the drafts. */
export const siteTextRoutes: FastifyPluginAsyncZod = async (app) => {
  const shipped = app.shippedTexts;
  app.get(apiRoutes.siteTexts.texts, { onRequest: app.requireAdmin, config: { access: 'content' } }, async () =>
    listSiteTexts({ db: app.db, shipped }),
  );

  app.put(
    apiRoutes.siteTexts.texts,
    { onRequest: app.requireAdmin, config: { access: 'content' }, schema: { body: siteTextChangeSchema } },
    async (request) => changeSiteText({ db: app.db, shipped }, request.body),
  );

  app.post(apiRoutes.siteTexts.publish, { onRequest: app.requireAdmin, config: { access: 'content' } }, async () => ({
    published: await publishSiteTextDrafts(app.db),
  }));

  app.post(
    apiRoutes.siteTexts.preview,
    { onRequest: app.requireAdmin, config: { access: 'content' } },
    async (request, reply) => {
      const { name, options } = previewCookie(request.protocol === 'https');
      reply.setCookie(name, bearerToken(request)!, { ...options, maxAge: previewSeconds });
      return reply.status(204).send();
    },
  );

  // Ending a preview needs no sign-in: it only takes the drafts away from this browser. A page
  // in preview offers it as a form (no script), answered with the way back to that page.
  app.delete(apiRoutes.siteTexts.preview, async (request, reply) => {
    const { name, options } = previewCookie(request.protocol === 'https');
    return reply.clearCookie(name, options).header('cache-control', 'no-store').status(204).send();
  });
  // The banner's form is sent as the browser encodes a form (urlencoded, and empty: all it
  // names is in the address); its body is not read, only accepted, and small.
  await app.register(async (end) => {
    end.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, undefined),
    );
    end.post(apiRoutes.siteTexts.previewEnd, async (request, reply) => {
      const { name, options } = previewCookie(request.protocol === 'https');
      const returnTo = (request.query as { returnTo?: unknown }).returnTo;
      const target = sameOriginPath(returnTo, requestOrigin(request)) ?? '/';
      return reply.clearCookie(name, options).header('cache-control', 'no-store').redirect(target, 303);
    });
  });
};
