import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type MediaStorage, createDiskMediaStorage, mediaDirIn } from '../../media/media-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public media (project pictures), under DATA_DIR/media and served at /media/. */
    media: MediaStorage;
  }
}

export const mediaStorage = fp(async (app: FastifyInstance, options: { storage?: MediaStorage }) => {
  app.decorate('media', options.storage ?? createDiskMediaStorage(mediaDirIn(app.config.dataDir)));
});
