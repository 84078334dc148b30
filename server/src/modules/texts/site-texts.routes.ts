import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteTextChangeSchema } from '@blitz/contract';
import { previewCookie } from './preview-cookie';
import { bearerToken } from '../../plugins/app/auth-guard';
import { publishSiteTextDrafts } from './site-texts.repository';
import { changeSiteText, listSiteTexts } from './site-texts.service';
import type { ShippedTexts } from './shipped-texts';

/**
 * A path of this site to go back to, or `/`. Parsed as a browser would (it drops tabs and line
 * breaks: `/\t/evil.example` is `//evil.example`), then only its path and query are kept.
 */
export function sameSitePath(value: unknown): string {
  if (typeof value !== 'string') return '/';
  try {
    const address = new URL(value, 'http://site.invalid');
    return address.origin === 'http://site.invalid' ? `${address.pathname}${address.search}` : '/';
  } catch {
    return '/';
  }
}

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
      const { name, options } = previewCookie(request.protocol === 'https');
      reply.setCookie(name, bearerToken(request)!, { ...options, maxAge: previewSeconds });
      return reply.status(204).send();
    });

    // Ending a preview needs no sign-in: it only takes the drafts away from this browser. A page
    // in preview offers it as a form (no script), answered with the way back to that page.
    app.delete('/Text/Preview', async (request, reply) => {
      const { name, options } = previewCookie(request.protocol === 'https');
      return reply.clearCookie(name, options).header('cache-control', 'no-store').status(204).send();
    });
    app.post('/Text/Preview/End', async (request, reply) => {
      const { name, options } = previewCookie(request.protocol === 'https');
      const target = sameSitePath((request.query as { returnTo?: unknown }).returnTo);
      return reply.clearCookie(name, options).header('cache-control', 'no-store').redirect(target, 303);
    });
  };
}
