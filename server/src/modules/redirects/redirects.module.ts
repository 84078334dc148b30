import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type SiteLanguage, reservedPrefixes } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { PageContents } from '../pages/page-content';
import { pageLanguage } from '../pages/page-headers';
import { NotFoundLog } from './not-found-log';
import { notFoundPage, notFoundPageCsp, notFoundTextsOf } from './not-found-page';
import type { SiteModule } from '../registry/site-module';
import { type RedirectSnapshot, RedirectTable, matchIn } from './redirect-table';
import { redirectRoutes } from './redirects.routes';

export type Redirects = { table: RedirectTable; notFoundLog: NotFoundLog };

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's redirect table and not-found log: answered before every route, edited by the API. */
    redirects: Redirects;
  }
}

/**
 * Redirects of old addresses and the not-found log (issue 43, decision 047). Its API is in the
 * list like any module's; what answers a request before every route (`redirectAnswers`) and after
 * all of them (`notFoundAnswer`) app.ts places itself, since only it knows that order.
 */
export const redirectsModule: SiteModule = { name: 'redirects', routes: redirectRoutes };

/** The redirect table and the not-found log of one instance (decision 047), as `app.redirects`. */
export function createRedirects(app: FastifyInstance, db: Db = app.db): Redirects {
  const log = app.log.child({ module: 'redirects' });
  const table = new RedirectTable({ db, known: app.contentVersion.known, version: app.contentVersion.version, log });
  const notFoundLog = new NotFoundLog({ db, log });
  app.addHook('onClose', async () => {
    await table.flushHits();
    await notFoundLog.flush();
  });
  const redirects = { table, notFoundLog };
  app.decorate('redirects', redirects);
  return redirects;
}

/** A header value is ASCII: a path with an umlaut is sent percent-encoded. */
const asciiLocation = (location: string) => (/[^\x20-\x7e]/.test(location) ? encodeURI(location) : location);

/**
 * Answers a redirected address with 301 before any route (a page, a kept page, the not-found
 * handler). Kept pages are replayed before Fastify (decision 039), but only while the content
 * version they were made under is current; every redirect change bumps it, so the first request
 * after a change comes here. A callback, not an async hook: every request passes it (decision 038).
 * Addresses the contract refuses as a `from` (the API, files, the sitemap, the dashboard…) are
 * not looked up: they cost no version read.
 */
export const redirectAnswers = fp(async (app: FastifyInstance, { table }: Redirects) => {
  app.addHook('onRequest', (request, reply, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reservedPrefixes.test(request.url)) return done();
    const answer = (snapshot: RedirectSnapshot) => {
      const match = matchIn(snapshot, request.url);
      if (!match) return done();
      table.hit(match.id);
      // Browsers keep a 301 for good unless told otherwise: an hour, so that a corrected redirect takes over.
      void reply.header('cache-control', 'public, max-age=3600').redirect(asciiLocation(match.location), 301);
    };
    const snapshot = table.current();
    if (snapshot) return answer(snapshot);
    table.load().then(answer, (error: unknown) => {
      // The database is away: the page answers as it can (its own outage handling), unredirected.
      request.log.warn({ err: error }, 'redirects not read');
      done();
    });
  });
});

export type NotFoundAnswerDeps = Redirects & {
  contents: PageContents;
  /** The shipped common texts of a language, for when the published ones cannot be read. */
  shippedCommon: (lang: SiteLanguage) => Record<string, unknown>;
};

/**
 * The answer to a page address that leads nowhere: counted in the not-found log, then SPEC.md's
 * redirect home (302, the default) or, where an admin chose it, the not-found page (404).
 */
export function notFoundAnswer(deps: NotFoundAnswerDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    deps.notFoundLog.record(request.url, request.headers);
    const snapshot = deps.table.current() ?? (await deps.table.load().catch(() => undefined));
    if (snapshot?.notFoundAnswer !== 'notFoundPage') return reply.redirect('/', 302);
    const { lang } = pageLanguage(request);
    const content = await deps.contents.published(lang).catch(() => undefined);
    const common = (content?.render.texts['common'] as Record<string, unknown> | undefined) ?? deps.shippedCommon(lang);
    const texts = notFoundTextsOf(common, content?.render.company.name ?? '', lang);
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .header('content-language', lang)
      .header('cache-control', 'no-store')
      .header('content-security-policy', notFoundPageCsp)
      .send(notFoundPage(lang, request.url.split('?', 1)[0]!, texts));
  };
}
