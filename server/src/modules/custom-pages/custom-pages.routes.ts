import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  customPageAddressQuerySchema,
  customPageCreateSchema,
  customPageListQuerySchema,
  customPageUpdateSchema,
  idParamSchema,
} from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import {
  changeCustomPage,
  createCustomPage,
  discardCustomPageDraft,
  getCustomPage,
  getCustomPages,
  getPublishedPageAt,
  publishCustomPage,
  removeCustomPage,
  unpublishCustomPage,
} from './custom-pages.service';

/** Pages staff add (issue 45, decision 061): editors and admins write them; visitors read the published ones by address. */
export const customPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: app.requireAdmin, config: { access: 'content' as const } };

  app.get(
    apiRoutes.customPages.byAddress,
    { preValidation: caseInsensitiveQuery(['Address']), schema: { querystring: customPageAddressQuerySchema } },
    async (request) => getPublishedPageAt(app.db, request.query.Address, app.config.mediaPublicUrl),
  );

  app.get(
    apiRoutes.customPages.list,
    {
      ...guarded,
      preValidation: caseInsensitiveQuery(Object.keys(customPageListQuerySchema.shape)),
      schema: { querystring: customPageListQuerySchema },
    },
    async (request) => getCustomPages(app.db, request.query),
  );

  app.get(apiRoutes.customPages.one, { ...guarded, schema: { params: idParamSchema } }, async (request) =>
    getCustomPage(app.db, request.params.id),
  );

  app.post(apiRoutes.customPages.list, { ...guarded, schema: { body: customPageCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await createCustomPage(app.db, request.body)),
  );

  app.put(apiRoutes.customPages.list, { ...guarded, schema: { body: customPageUpdateSchema } }, async (request) => {
    const { id, ...fields } = request.body;
    return changeCustomPage(app.db, id, fields);
  });

  const byId = { ...guarded, schema: { params: idParamSchema } };
  app.post(apiRoutes.customPages.publish, byId, async (request) => publishCustomPage(app.db, request.params.id));
  app.post(apiRoutes.customPages.unpublish, byId, async (request) => unpublishCustomPage(app.db, request.params.id));
  app.delete(apiRoutes.customPages.draft, byId, async (request) => discardCustomPageDraft(app.db, request.params.id));

  app.delete(apiRoutes.customPages.one, byId, async (request, reply) => {
    await removeCustomPage(app.db, request.params.id, request.admin!.username);
    return reply.status(204).send();
  });
};
