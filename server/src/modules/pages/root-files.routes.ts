import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../../db/errors';
import { sendEncoded } from '../../lib/encoded-body';
import { matchesEtag } from '../../lib/etag';
import { sendProblem } from '../../lib/send-problem';
import type { PageContents } from './page-content';
import { type DrawnIcons, securityTxt, siteIcons, webManifest } from './root-files';
import { type SitemapSource, keptSitemap, robotsTxt } from './site-index';

export type RootFilesRoutesOptions = {
  webDist: string;
  /** The public origin (SITE_URL): security.txt, the sitemap and robots.txt name addresses on it. */
  siteUrl: string;
  /** The company details the manifest and security.txt name, as the pages show them. */
  contents: PageContents;
  /** The content version the sitemap is kept for, and its pages made from content (projects, …). */
  sitemap?: { version: () => Promise<string>; sources: readonly SitemapSource[] };
  /**
   * The icons drawn from the company's uploaded logo (decision 028), if any: their media keys,
   * read per content version, and their bytes. Without, the build's icons are served.
   */
  drawnIcons?: { current: () => Promise<DrawnIcons | undefined>; bytes: (key: string) => Promise<Buffer | undefined> };
};

type Kept = { body: Buffer; etag: string };

const oneDay = 'public, max-age=86400';
/** Icons drawn from an uploaded logo may change with the next upload: a client asks again (an ETag makes it cheap). */
const revalidate = 'no-cache';

function kept(body: Buffer | string): Kept {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return { body: bytes, etag: `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"` };
}

/** Sends a small file with its ETag, or 304 when the client's copy is the same. */
function send(request: FastifyRequest, reply: FastifyReply, type: string, file: Kept, caching = oneDay) {
  reply.type(type).header('cache-control', caching).header('etag', file.etag);
  if (matchesEtag(request.headers['if-none-match'], file.etag)) {
    return reply.status(304).send();
  }
  return reply.send(file.body);
}

/**
 * The addresses browsers, phones and crawlers ask for at the site's root: the icons, the web app
 * manifest, security.txt, the sitemap and robots.txt. (Unserved, they would fall to the unknown-page redirect and get
 * the 72 KB home page.) The link-preview picture is an asset of the web build (/assets/og-image-…).
 * The manifest and security.txt name the company as staff saved it: each is made again when the
 * detail it names changes (read per content version, as the pages read it), else kept.
 */
export const rootFilesRoutes: FastifyPluginAsync<RootFilesRoutesOptions> = async (app, options) => {
  // The published content of either language holds the same company details.
  const companyDetails = async () => (await options.contents.published('de')).render.company;

  // Read on first request and kept: a few kilobytes, and the build may be made after the server starts.
  const icons = new Map<string, Kept>();
  // The drawn icons by media key (the hash of their bytes is in the key: never out of date).
  const drawn = new Map<string, Kept>();
  for (const icon of siteIcons) {
    app.get(icon.path, async (request, reply) => {
      // While the database is unavailable, the build's icons rather than no icon.
      const drawnIcons = await options.drawnIcons?.current().catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        return undefined;
      });
      const key = icon.role && drawnIcons?.[icon.role];
      if (key) {
        let file = drawn.get(key);
        const bytes = file ? undefined : await options.drawnIcons?.bytes(key);
        if (bytes) {
          file = kept(bytes);
          if (drawn.size > 20) drawn.clear();
          drawn.set(key, file);
        }
        if (file) return send(request, reply, icon.type, file, revalidate);
        request.log.warn({ key }, 'a drawn icon is missing from the media storage; serving the build’s');
      }
      let file = icons.get(icon.file);
      if (!file) {
        const bytes = await fs.promises.readFile(path.join(options.webDist, icon.file)).catch(() => undefined);
        if (!bytes) return sendProblem(reply, 404, 'not_found', `No ${icon.file} in the web build`);
        file = kept(bytes);
        icons.set(icon.file, file);
      }
      return send(request, reply, icon.type, file);
    });
  }

  let manifest: { made: string; file: Kept } | undefined;
  app.get('/site.webmanifest', async (request, reply) => {
    const { name } = await companyDetails();
    const drawnIcons = await options.drawnIcons?.current();
    const addresses =
      drawnIcons && (Object.fromEntries(Object.entries(drawnIcons).map(([role, key]) => [role, `/media/${key}`])) as DrawnIcons);
    const made = JSON.stringify([name, addresses]);
    if (manifest?.made !== made) manifest = { made, file: kept(webManifest(name, addresses)) };
    // Asked again each time (an ETag makes it cheap): it names the icons of the latest upload.
    return send(request, reply, 'application/manifest+json; charset=utf-8', manifest.file, revalidate);
  });

  let security: { day: string; email: string; file: Kept } | undefined;
  app.get('/.well-known/security.txt', async (request, reply) => {
    const { email } = await companyDetails();
    const today = new Date().toISOString().slice(0, 10);
    if (security?.day !== today || security.email !== email) {
      security = { day: today, email, file: kept(securityTxt(options.siteUrl, email)) };
    }
    return send(request, reply, 'text/plain; charset=utf-8', security.file);
  });
  // RFC 9116 §3: the old address may lead to the file under /.well-known.
  app.get('/security.txt', (_request, reply) => reply.redirect('/.well-known/security.txt', 301));

  // Addresses for crawlers, absolute on the site's public origin (SITE_URL). The sitemap lists
  // the pages made from content too, so it is kept per content version (site-index.ts) and
  // revalidated by its ETag: a crawler that asks again after an edit gets the new one.
  const version = options.sitemap?.version ?? (async () => '');
  const sitemap = keptSitemap({ siteUrl: options.siteUrl, version, sources: options.sitemap?.sources ?? [] });
  const robots = robotsTxt(options.siteUrl);
  app.get('/sitemap.xml', async (request, reply) => {
    reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache');
    try {
      const current = await version();
      const etag = sitemap.etagFor(current);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.header('etag', etag).status(304).send();
      const made = await sitemap.current(current);
      return sendEncoded(request, reply.header('etag', made.etag), made);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      request.log.warn({ err: error }, 'database unavailable; no sitemap');
      return sendProblem(
        reply.header('retry-after', '5').header('cache-control', 'no-store'),
        503,
        'service_unavailable',
        'The database is unavailable',
      );
    }
  });
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
};
