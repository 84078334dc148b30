import path from 'node:path';
import staticFiles from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The built web app's assets: hashed names cached for a year; translations revalidated. */
export const webAssets = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  await app.register(staticFiles, {
    root: path.join(options.webDist, 'assets'),
    prefix: '/assets/',
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    index: false,
    setHeaders(res, filePath) {
      // The name as built: a precompressed form's path ends in .br or .gz after it.
      const built = filePath.replace(/\.(br|gz)$/, '');
      const hashed = /[.-][A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(built) && !built.includes(`${path.sep}i18n${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    },
  });
});
