import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companySettingsInputSchema, companySettingsLimits, pictureDataUrlMaxLength } from '@blitz/contract';
import { sendRead } from '../content/content-reads';
import { readCompanySettings } from './company-reads';
import { getCompanySettingsForStaff, saveCompanySettings } from './company-settings.service';

/** Room for a new logo for every partner and a new portrait at once, plus the texts; beyond it 413. */
export const settingsBodyLimit = (companySettingsLimits.maxPartners + 1) * pictureDataUrlMaxLength + 1024 * 1024;

/** The company details (issue 16): everyone reads them; a signed-in admin replaces them whole. */
export const companySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, media: app.media, log: app.log };

  app.get('/Settings', { onRequest: app.identifyAdmin }, async (request, reply) => {
    if (request.admin) return getCompanySettingsForStaff(app.db);
    return sendRead(request, reply, await readCompanySettings(app));
  });

  app.put(
    '/Settings',
    { onRequest: app.requireAdmin, bodyLimit: settingsBodyLimit, schema: { body: companySettingsInputSchema } },
    async (request) => saveCompanySettings(deps, request.body),
  );
};
