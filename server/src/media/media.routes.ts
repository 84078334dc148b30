import type { FastifyPluginAsync } from 'fastify';
import { sendProblem } from '../lib/send-problem';
import { immutableCaching, mediaContentTypes } from './media-storage';

/**
 * Only what the picture pipeline writes is public: `projects/<content hash>-<width>.<avif|webp>`,
 * and the company settings' pictures (logos, portrait) under `company/`.
 */
const publicKey = /^(?:projects|company)\/([a-f0-9]{20})-\d{1,4}\.(avif|webp)$/;

/**
 * Serves public media from the site's storage (disk or a private bucket). Names carry the hash of
 * their content, so an answer never changes: browsers and proxies may keep it for a year without
 * asking again.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const match = key.match(publicKey);
    const object = match ? await app.media.open(key) : undefined;
    if (!match || !object) return sendProblem(reply, 404, 'not_found', 'No such media file');
    const etag = `"${match[1]}"`;
    reply.header('cache-control', immutableCaching).header('etag', etag).type(mediaContentTypes[match[2]!]!);
    if (request.headers['if-none-match'] === etag) {
      object.stream.destroy();
      return reply.status(304).send();
    }
    reply.header('content-length', object.size);
    return reply.send(object.stream);
  });
};
