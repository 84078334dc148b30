import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type PageKey, inquirySentParam, pageKeys, pages } from '@blitz/contract';
import { previewCookie } from '../site-texts/preview-cookie';
import { type StatisticsRecorder, createStatisticsRecorder } from './statistics-recorder';
import { countedPath, deviceClassOf, exclusionOf, sourceOf, webAddress } from './visit-classification';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts page views and inquiries (issue 32); undefined with STATISTICS=off. */
    statistics: { inquiryReceived(request: FastifyRequest, stored: StoredInquiry): void; flush(): Promise<void> } | undefined;
  }
}

type StoredInquiry = { id: number; subject: string; language: 'de' | 'en' };

/** The public pages: not the sign-in and the dashboard. */
const countedPages = pageKeys.filter((key: PageKey) => key !== 'login' && key !== 'dashboard');
const countedRoutes = new Set<string>(countedPages.map((key) => pages[key].path));
const routePatterns = countedPages.map((key) => ({
  route: pages[key].path,
  pattern: new RegExp(`^${pages[key].path.replace(/:(\w+)/g, '(?<$1>[^/]+)')}/?$`, 'i'),
}));

/** The counted path of a page address on this site (the page a form was sent from); undefined for anything else. */
function pagePathOf(address: string | undefined, ownHosts: readonly string[]): string | undefined {
  const url = webAddress(address);
  if (!url || !ownHosts.includes(url.hostname.toLowerCase())) return undefined;
  for (const { route, pattern } of routePatterns) {
    const match = pattern.exec(url.pathname);
    if (match) return countedPath(route, match.groups ?? {});
  }
  return undefined;
}

const firstHeader = (value: string | string[] | number | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value === undefined ? undefined : String(value);

/**
 * Visitor statistics (decision 025): a hook counts each public page answered, after it is sent;
 * the contact route tells of each inquiry stored. With STATISTICS=off nothing is counted and no
 * hook is added; the dashboard's API still answers what was counted before.
 */
export const statisticsCounting = fp(async (app: FastifyInstance) => {
  if (!app.config.statistics.enabled) {
    app.decorate('statistics', undefined);
    return;
  }
  const recorder: StatisticsRecorder = createStatisticsRecorder(
    app.db,
    app.log.child({ module: 'statistics' }),
    app.config.statistics.flushMs,
  );
  // The public address in effect (SITE_URL, else the saved website: as last read, without a read
  // to wait for here) and the host asked for.
  const ownHosts = (request: Pick<FastifyRequest, 'hostname'>) => {
    const known = app.publicAddress.lastKnown();
    return [...(known ? [new URL(known.origin).hostname.toLowerCase()] : []), request.hostname.toLowerCase()];
  };
  const previewCookies = [previewCookie(true).name, previewCookie(false).name];
  const counted = (request: Pick<FastifyRequest, 'headers' | 'cookies'>) =>
    exclusionOf(request.headers, request.cookies) === undefined && !previewCookies.some((name) => request.cookies[name]);
  const sender = (request: Pick<FastifyRequest, 'ip' | 'headers'>) => ({
    address: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  });

  app.answers.listen((request, reply) => {
    if (request.method !== 'GET' || (reply.statusCode !== 200 && reply.statusCode !== 304)) return;
    const route = request.routeOptions.url;
    if (route === undefined || !countedRoutes.has(route)) return;
    // Previews say noindex; the page a form sent without JavaScript comes back to is its answer, not a visit.
    if (String(reply.getHeader('x-robots-tag') ?? '').includes('noindex')) return;
    if ((request.query as Record<string, unknown>)[inquirySentParam] !== undefined || !counted(request)) return;
    recorder.view({
      ...sender(request),
      path: countedPath(route, request.params as Record<string, unknown>),
      language: firstHeader(reply.getHeader('content-language')) === 'en' ? 'en' : 'de',
      ...sourceOf(request.query as Record<string, unknown>, request.headers.referer, ownHosts(request)),
      device: deviceClassOf(request.headers['user-agent'] ?? ''),
    });
  });

  app.decorate('statistics', {
    inquiryReceived(request: FastifyRequest, stored: StoredInquiry) {
      recorder.inquiry({
        ...sender(request),
        counted: counted(request),
        inquiryId: stored.id,
        application: stored.subject === 'application',
        type: stored.subject,
        formPath: pagePathOf(request.headers.referer, ownHosts(request)),
        language: stored.language,
      });
    },
    flush: () => recorder.flush(),
  });
  app.addHook('onReady', async () => recorder.start());
  app.addHook('preClose', async () => recorder.stop());
});
