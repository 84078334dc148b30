import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ObjectStorage } from '../../storage/object-storage';
import { type SiteStorage, createSiteStorage } from '../../storage/site-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public media (project pictures), served at /media/. */
    media: ObjectStorage;
    /** Inquiry attachments (never served publicly). */
    attachments: ObjectStorage;
  }
}

/** The site's storage (storage/site-storage.ts): DATA_DIR, or the S3 bucket when S3_BUCKET is set. */
export const siteStorage = fp(async (app: FastifyInstance, options: { storage?: SiteStorage }) => {
  const storage = options.storage ?? (await createSiteStorage(app.config));
  app.decorate('media', storage.media);
  app.decorate('attachments', storage.attachments);
  app.addHook('onReady', async () => {
    app.log.info({ media: storage.media.location, attachments: storage.attachments.location }, 'storage');
  });
  app.addHook('onClose', async () => storage.close());
});
