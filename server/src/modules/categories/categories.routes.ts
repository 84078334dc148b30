import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryInputSchema,
  categoryListQuerySchema,
  categoryUpdateByPathSchema,
  categoryUpdateSchema,
  idParamSchema,
  apiRoutes,
} from '@blitz/contract';
import { badRequest } from '../../lib/http-error';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { sendRead } from '../content/content-reads';
import { readCategories } from './category-reads';
import { changeCategory, createCategory, removeCategory } from './categories.service';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sign-in check comes first, before the body is even read.
  const guarded = { onRequest: app.requireAdmin, config: { access: 'content' as const } };

  app.get(
    apiRoutes.categories.list,
    { preValidation: caseInsensitiveQuery(['Language']), schema: { querystring: categoryListQuerySchema } },
    async (request, reply) => {
      return sendRead(request, reply, await readCategories(app, request.query.Language));
    },
  );

  app.post(apiRoutes.categories.list, { ...guarded, schema: { body: categoryInputSchema } }, async (request, reply) => {
    return reply.status(201).send(await createCategory(app.db, request.body));
  });

  app.put(apiRoutes.categories.list, { ...guarded, schema: { body: categoryUpdateSchema } }, async (request) => {
    const { id, ...values } = request.body;
    return changeCategory(app.db, id, values);
  });

  app.put(
    apiRoutes.categories.one,
    { ...guarded, schema: { params: idParamSchema, body: categoryUpdateByPathSchema } },
    async (request) => {
      const { id, ...values } = request.body;
      if (id !== undefined && id !== request.params.id) throw badRequest('id', 'must match the id in the path');
      return changeCategory(app.db, request.params.id, values);
    },
  );

  app.delete(apiRoutes.categories.one, { ...guarded, schema: { params: idParamSchema } }, async (request, reply) => {
    await removeCategory(app.db, request.params.id, request.admin!.username);
    return reply.status(204).send();
  });
};
