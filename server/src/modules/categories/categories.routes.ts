import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  categoryInputSchema,
  categoryListQuerySchema,
  categoryUpdateByPathSchema,
  categoryUpdateSchema,
  idParamSchema,
} from '@blitz/contract';
import { badRequest } from '../../lib/http-error';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { sendRead } from '../content/content-reads';
import { readCategories } from './category-reads';
import { changeCategory, createCategory, removeCategory } from './categories.service';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sign-in check comes first, before the body is even read.
  const guarded = { onRequest: app.requireAdmin };

  app.get(
    '/Category',
    { preValidation: caseInsensitiveQuery(['Language']), schema: { querystring: categoryListQuerySchema } },
    async (request, reply) => {
      return sendRead(request, reply, await readCategories(app, request.query.Language));
    },
  );

  app.post('/Category', { ...guarded, schema: { body: categoryInputSchema } }, async (request, reply) => {
    return reply.status(201).send(await createCategory(app.db, request.body));
  });

  app.put('/Category', { ...guarded, schema: { body: categoryUpdateSchema } }, async (request) => {
    const { id, ...values } = request.body;
    return changeCategory(app.db, id, values);
  });

  app.put(
    '/Category/:id',
    { ...guarded, schema: { params: idParamSchema, body: categoryUpdateByPathSchema } },
    async (request) => {
      const { id, ...values } = request.body;
      if (id !== undefined && id !== request.params.id) throw badRequest('id', 'must match the id in the path');
      return changeCategory(app.db, request.params.id, values);
    },
  );

  app.delete('/Category/:id', { ...guarded, schema: { params: idParamSchema } }, async (request, reply) => {
    await removeCategory(app.db, request.params.id);
    return reply.status(204).send();
  });
};
