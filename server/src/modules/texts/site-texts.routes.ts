import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteTextChangeSchema } from '@blitz/contract';
import { previewCookieName } from './preview-cookie';
import { bearerToken } from '../../plugins/app/auth-guard';
import { publishSiteTextDrafts } from './site-texts.repository';
import { changeSiteText, listSiteTexts } from './site-texts.service';
import type { ShippedTexts } from './shipped-texts';

/** A preview lasts as long as the sign-in it was started with, at most this long. */
const previewSeconds = 12 * 3600;

/** The page texts (decision 022): staff list them, save drafts, publish, and preview the drafts. */
export function siteTextRoutes(shipped: ShippedTexts): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/Text', { onRequest: app.requireAdmin }, async () => listSiteTexts(app.db, shipped));

    app.put('/Text', { onRequest: app.requireAdmin, schema: { body: siteTextChangeSchema } }, async (request) =>
      changeSiteText(app.db, shipped, request.body),
    );

    app.post('/Text/Publish', { onRequest: app.requireAdmin }, async () => ({ published: await publishSiteTextDrafts(app.db) }));

    app.post('/Text/Preview', { onRequest: app.requireAdmin }, async (request, reply) => {
      const https = request.protocol === 'https';
      reply.setCookie(previewCookieName(https), bearerToken(request)!, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: https,
        maxAge: previewSeconds,
      });
      return reply.status(204).send();
    });

    // Ending a preview needs no sign-in: it only takes the drafts away from this browser. A page
    // in preview offers it as a form (no script), answered with the way back to that page.
    const endPreview = (https: boolean) => ({
      name: previewCookieName(https),
      options: { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: https },
    });
    app.delete('/Text/Preview', async (request, reply) => {
      const { name, options } = endPreview(request.protocol === 'https');
      return reply.clearCookie(name, options).header('cache-control', 'no-store').status(204).send();
    });
    app.post('/Text/Preview/End', async (request, reply) => {
      const { name, options } = endPreview(request.protocol === 'https');
      const back = (request.query as { returnTo?: unknown }).returnTo;
      const target = typeof back === 'string' && /^\/(?![/\\])/.test(back) ? back : '/';
      return reply.clearCookie(name, options).header('cache-control', 'no-store').redirect(target, 303);
    });
  };
}
