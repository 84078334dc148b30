import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { samplePictureSource } from '../../sample-content/sample-media';
import { markEarlierSampleContent, seedSampleContent, seedSampleJobs } from '../../sample-content/seed';

/**
 * On an empty database (unless SEED_SAMPLE=false), the sample categories, projects and jobs are in
 * place before the server answers its first request, so a new installation shows a full gallery.
 */
export const sampleContent = fp(async (app: FastifyInstance) => {
  app.addHook('onReady', async () => {
    // Whether or not samples are wanted now: ones an earlier release wrote are marked for the go-live checklist.
    try {
      await markEarlierSampleContent({ db: app.db, log: app.log });
    } catch (error) {
      app.log.error({ err: error }, 'could not mark the sample content of an earlier release');
    }
  });
  if (!app.config.seedSample) return;
  app.addHook('onReady', async () => {
    try {
      await seedSampleContent({ db: app.db, media: app.media, log: app.log }, samplePictureSource(app.config.sampleMediaDir));
    } catch (error) {
      // The site works without its sample content; a failure here must not keep it from starting.
      app.log.error({ err: error }, 'could not add the sample content');
    }
    try {
      await seedSampleJobs({ db: app.db, log: app.log });
    } catch (error) {
      app.log.error({ err: error }, 'could not add the sample job openings');
    }
  });
});
