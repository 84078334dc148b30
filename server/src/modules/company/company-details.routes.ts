import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyDetailsInputSchema, companyDetailsLimits, pictureDataUrlMaxLength, apiRoutes } from '@blitz/contract';
import { sendRead } from '../content/content-reads';
import { readCompanyDetails } from './company-reads';
import { getCompanyDetailsForStaff, saveCompanyDetails } from './company-details.service';
import { siteImageSources } from './site-image-sources';

/** Room for a new logo for every partner, a new portrait and the company's logo at once, plus the texts; beyond it 413. */
export const companyDetailsBodyLimit = (companyDetailsLimits.maxPartners + 2) * pictureDataUrlMaxLength + 1024 * 1024;

/** The company details (issue 16): everyone reads them; a signed-in admin replaces them whole. */
export const companyDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, media: app.media, log: app.log, siteImageSources: siteImageSources(app.config) };

  app.get(apiRoutes.companyDetails, { onRequest: app.identifyAdmin }, async (request, reply) => {
    if (request.admin) return getCompanyDetailsForStaff(app.db);
    return sendRead(request, reply, await readCompanyDetails(app));
  });

  app.put(
    apiRoutes.companyDetails,
    {
      onRequest: app.requireAdmin,
      config: { access: 'admin' },
      bodyLimit: companyDetailsBodyLimit,
      schema: { body: companyDetailsInputSchema },
    },
    async (request) => saveCompanyDetails(deps, request.body),
  );
};
