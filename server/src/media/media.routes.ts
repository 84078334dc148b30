import type { FastifyPluginAsync } from 'fastify';
import { sendProblem } from '../plugins/app/problem-details';

const contentTypes: Record<string, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * Only what the picture pipeline writes is public: `projects/<content hash>-<width>.<avif|webp>`,
 * and the company settings' pictures (logos, portrait) under `company/`.
 */
const publicKey = /^(?:projects|company)\/([a-f0-9]{20})-\d{1,4}\.(avif|webp)$/;

/**
 * Serves public media. Names carry the hash of their content, so an answer never changes:
 * browsers and proxies may keep it for a year without asking again.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const match = key.match(publicKey);
    const object = match ? await app.media.open(key) : undefined;
    if (!match || !object) return sendProblem(reply, 404, 'not_found', 'No such media file');
    const etag = `"${match[1]}"`;
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag).type(contentTypes[match[2]!]!);
    if (request.headers['if-none-match'] === etag) {
      object.stream.destroy();
      return reply.status(304).send();
    }
    reply.header('content-length', object.size);
    return reply.send(object.stream);
  });
};
