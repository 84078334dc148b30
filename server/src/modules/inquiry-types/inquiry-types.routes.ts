import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  inquiryFormQuerySchema,
  inquiryFormSchema,
  inquiryTypeCreateSchema,
  inquiryTypeListSchema,
  inquiryTypeUpdateSchema,
} from '@blitz/contract';
import { z } from 'zod';
import { bearerToken } from '../auth/tokens';
import {
  createInquiryType,
  currentInquiryTypes,
  inquiryFormOf,
  removeInquiryType,
  saveInquiryType,
} from './inquiry-types.service';

/**
 * The inquiry types (issue 44): visitors' clients read the form's definition in one language;
 * with a staff token the read is every type as staff set it; admins change a type.
 */
export const inquiryTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiRoutes.inquiryTypes.list,
    {
      // Every staff account reads the whole list: the inbox names and filters by the types.
      onRequest: async (request, reply) => {
        const token = bearerToken(request);
        const user = token ? await app.staffWithToken(request, token, { anyRole: true }) : undefined;
        if (user) {
          request.admin = user;
          reply.header('cache-control', 'no-store');
        }
      },
      schema: { querystring: inquiryFormQuerySchema, response: { 200: inquiryTypeListSchema.or(inquiryFormSchema) } },
    },
    async (request, reply) => {
      const list = await currentInquiryTypes(app.db);
      if (request.admin) return list;
      reply.header('cache-control', 'no-cache');
      return inquiryFormOf(list, request.query.lang);
    },
  );

  app.put(
    apiRoutes.inquiryTypes.list,
    {
      onRequest: app.requireAdmin,
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: { body: inquiryTypeUpdateSchema, response: { 200: inquiryTypeListSchema } },
    },
    async (request) => saveInquiryType(app.db, request.body),
  );

  app.post(
    apiRoutes.inquiryTypes.list,
    {
      onRequest: app.requireAdmin,
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: { body: inquiryTypeCreateSchema, response: { 201: inquiryTypeListSchema } },
    },
    async (request, reply) => reply.code(201).send(await createInquiryType(app.db, request.body)),
  );

  app.delete(
    apiRoutes.inquiryTypes.one,
    {
      onRequest: app.requireAdmin,
      config: { access: 'admin' },
      schema: { params: z.object({ key: z.string().max(40) }), response: { 200: inquiryTypeListSchema } },
    },
    async (request) => removeInquiryType(app.db, request.params.key),
  );
};
