import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  berlinDate,
  personErasureSchema,
  personEraseSchema,
  personExportSchema,
  personLookupSchema,
  personQuerySchema,
} from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import type { SiteRouteOptions } from '../registry/site-module';
import { erasePerson, lookupPerson, personArchive } from './privacy.service';

/** Data-subject requests (issue 42, decision 049): admins only. */
export const privacyRoutes: FastifyPluginAsyncZod<SiteRouteOptions> = async (app) => {
  const guarded = { onRequest: app.requireAdmin, config: { access: 'admin' as const } };

  app.get(
    apiRoutes.person.lookup,
    {
      ...guarded,
      preValidation: caseInsensitiveQuery(['Email']),
      schema: { querystring: personQuerySchema, response: { 200: personLookupSchema } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return lookupPerson(app.db, request.query.Email);
    },
  );

  app.post(apiRoutes.person.export, { ...guarded, schema: { body: personExportSchema } }, async (request, reply) => {
    const archive = await personArchive({ db: app.db, attachments: app.attachments }, request.body.email);
    archive.stream.on('error', (error) => request.log.error({ err: error }, 'person archive broke off'));
    if (archive.missingFiles > 0)
      request.log.warn({ missingFiles: archive.missingFiles }, 'person archive: files its rows name are missing from storage');
    const name = `${archive.language === 'de' ? 'datenauskunft' : 'data-export'}-${berlinDate()}.zip`;
    return reply
      .type('application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition(name))
      .send(archive.stream);
  });

  app.post(
    apiRoutes.person.erase,
    { ...guarded, schema: { body: personEraseSchema, response: { 200: personErasureSchema } } },
    async (request) =>
      erasePerson(
        {
          db: app.db,
          attachments: app.attachments,
          warn: (error) => request.log.warn({ err: error }, 'erased attachments not removed: the sweep takes them'),
        },
        request.body,
      ),
  );
};
