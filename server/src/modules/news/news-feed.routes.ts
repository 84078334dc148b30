import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { type SiteLanguage, atomMediaType, isSiteLanguage, newsFeedPath, newsLimits } from '@blitz/contract';
import { isDatabaseUnavailable } from '../../db/errors';
import { type FullyEncodedBody, encodeBody, sendEncoded } from '../../lib/encoded-body';
import { matchesEtag } from '../../lib/etag';
import { sendProblem } from '../../lib/send-problem';
import { readCompanyDetails } from '../company/company-reads';
import { publicOriginOf } from '../site-address/public-origin';
import { newsFeedXml } from './news-feed';
import { readVisiblePosts } from './news-reads';

type Feed = FullyEncodedBody & { etag: string };

/**
 * The Atom feeds at /aktuelles/feed and /aktuelles/feed?lang=en (decisions 063, 064): the newest
 * posts visitors see, made once per content version, language and public origin and compressed then, and
 * revalidated by their ETag (`no-cache`), as the sitemap is: a reader asking again after a post
 * went live (by a save, or its time coming) gets the new feed.
 */
export const newsFeedRoutes: FastifyPluginAsync = async (app) => {
  const reads = { db: app.db, contentReads: app.contentReads, config: app.config };
  const kept = new Map<SiteLanguage, { key: string; feed: Promise<Feed> }>();

  async function current(lang: SiteLanguage): Promise<Feed> {
    const version = await app.contentReads.version();
    const company = (await readCompanyDetails(reads)).value;
    const { origin } = publicOriginOf(app.config.siteUrl, company.website);
    const key = `${version} ${origin}`;
    const entry = kept.get(lang);
    if (entry?.key === key) return entry.feed;
    const feed = (async () => {
      const now = app.clock();
      const posts = await readVisiblePosts(reads, { PageNumber: 1, PageLength: newsLimits.feedEntries }, now);
      const xml = newsFeedXml({ lang, origin, companyName: company.name, posts: posts.value.data, now });
      const tag = crypto.createHash('sha256').update(key).digest('base64url').slice(0, 16);
      return { ...(await encodeBody(xml, 'best')), etag: `"news-feed-${lang}-${tag}"` };
    })();
    const made = { key, feed };
    kept.set(lang, made);
    // A failed read (the database away) is not kept: the next request tries again.
    feed.catch(() => {
      if (kept.get(lang) === made) kept.delete(lang);
    });
    return feed;
  }

  // One address for both feeds, the language in ?lang= as on every page (decision 064): German
  // without it (a reader's cookie is no choice of the feed's language).
  app.get(newsFeedPath('de'), async (request, reply) => {
    const asked = (request.query as Record<string, unknown>)['lang'];
    const lang: SiteLanguage = isSiteLanguage(asked) ? asked : 'de';
    reply.type(`${atomMediaType}; charset=utf-8`).header('cache-control', 'no-cache');
    try {
      const feed = await current(lang);
      reply.header('etag', feed.etag);
      if (matchesEtag(request.headers['if-none-match'], feed.etag)) return reply.status(304).send();
      return sendEncoded(request, reply, feed);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      request.log.warn({ err: error }, 'database unavailable; no news feed');
      return sendProblem(
        reply.header('retry-after', '5').header('cache-control', 'no-store'),
        503,
        'service_unavailable',
        'The database is unavailable',
      );
    }
  });
};
