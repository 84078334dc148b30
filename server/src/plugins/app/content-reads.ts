import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type ContentReads, createContentReads } from '../../modules/projects/content-reads';
import { mediaAddress } from '../../modules/projects/projects.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public reads of projects and categories, kept per content version (modules/projects/content-reads.ts). */
    contentReads: ContentReads;
  }
}

export const contentReads = fp(async (app: FastifyInstance) => {
  const lookups = app.metrics.cacheLookups;
  app.decorate(
    'contentReads',
    createContentReads(app.db, {
      onLookup: (hit) => lookups.inc({ cache: 'content', result: hit ? 'hit' : 'miss' }),
      mediaUrl: mediaAddress(app.config.mediaPublicUrl),
    }),
  );
});
