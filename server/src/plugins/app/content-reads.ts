import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ContentReads, createContentReads } from '../../modules/content/content-reads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public reads of the site's content, kept per content version (modules/content/content-reads.ts). */
    contentReads: ContentReads;
  }
}

export const contentReads = fp(async (app: FastifyInstance) => {
  const lookups = app.metrics.cacheLookups;
  app.decorate(
    'contentReads',
    createContentReads(app.db, {
      onLookup: (hit) => lookups.inc({ cache: 'content', result: hit ? 'hit' : 'miss' }),
    }),
  );
});
