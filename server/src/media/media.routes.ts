import type { FastifyPluginAsync } from 'fastify';
import { sendProblem } from '../lib/send-problem';
import { immutableCaching, mediaContentTypes } from './media-storage';

/**
 * Only what the picture pipeline writes is public: `projects/<content hash>-<width>.<avif|webp>`
 * (and `files/…` of the file library's pictures; its documents are served at their own addresses),
 * the company details' pictures (logos, portrait) under `company/`, and the icons and
 * link-preview pictures drawn from the company's logo (`company/<hash>-icon-192.png`, …).
 */
const publicKey =
  /^(?:(?:projects|company|files)\/([a-f0-9]{20})-\d{1,4}\.(avif|webp)|company\/([a-f0-9]{20})-(?:favicon\.(ico)|(?:icon|maskable)-\d{1,4}\.(png)|og-(?:de|en)\.(png)))$/;

/**
 * Serves public media from the site's storage (disk or a private bucket). Names carry the hash of
 * their content, so an answer never changes: browsers and proxies may keep it for a year without
 * asking again. `withheld` names what visitors are refused although it is stored: the pictures
 * only trashed projects use, while they are in the trash (decision 037).
 */
export const mediaRoutes: FastifyPluginAsync<{ withheld?: (key: string) => Promise<boolean> }> = async (app, options) => {
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const match = key.match(publicKey);
    if (match && (await options.withheld?.(key))) {
      // Not to be kept by a browser or proxy: a restore serves it again.
      reply.header('cache-control', 'no-store');
      return sendProblem(reply, 404, 'not_found', 'No such media file');
    }
    const object = match ? await app.media.open(key) : undefined;
    if (!match || !object) return sendProblem(reply, 404, 'not_found', 'No such media file');
    const etag = `"${match[1] ?? match[3]}"`;
    const extension = match[2] ?? match[4] ?? match[5] ?? match[6];
    reply.header('cache-control', immutableCaching).header('etag', etag).type(mediaContentTypes[extension!]!);
    if (request.headers['if-none-match'] === etag) {
      object.stream.destroy();
      return reply.status(304).send();
    }
    reply.header('content-length', object.size);
    return reply.send(object.stream);
  });
};
