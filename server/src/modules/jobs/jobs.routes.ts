import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  jobCreateSchema,
  jobListQuerySchema,
  jobUpdateSchema,
  languageQuerySchema,
  apiRoutes,
} from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { sendRead } from '../content/content-reads';
import { readJob, readJobPage } from './job-reads';
import { changeJob, createJob, getJob, getJobPage, removeJob } from './jobs.service';

/** Job openings (issue 16): visitors see the published ones still valid; signed-in staff see all. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  // The sign-in check comes first, before the body is even read.
  const guarded = { onRequest: app.requireAdmin, config: { access: 'content' as const } };
  // A read with a token is staff's (drafts included), checked like a write; without one, a visitor's.
  const reader = { onRequest: app.identifyAdmin };

  app.get(
    apiRoutes.jobs.list,
    {
      ...reader,
      preValidation: caseInsensitiveQuery(Object.keys(jobListQuerySchema.shape)),
      schema: { querystring: jobListQuerySchema },
    },
    async (request, reply) => {
      if (request.admin) return getJobPage(app.db, request.query, { kind: 'staff' });
      return sendRead(request, reply, await readJobPage(app, request.query));
    },
  );

  app.get(
    apiRoutes.jobs.one,
    {
      ...reader,
      preValidation: caseInsensitiveQuery(['Language']),
      schema: { params: idParamSchema, querystring: languageQuerySchema },
    },
    async (request, reply) => {
      if (request.admin) return getJob(app.db, request.params.id, { kind: 'staff' }, request.query.Language);
      return sendRead(request, reply, await readJob(app, request.params.id, request.query.Language));
    },
  );

  app.post(apiRoutes.jobs.list, { ...guarded, schema: { body: jobCreateSchema } }, async (request, reply) => {
    return reply.status(201).send(await createJob(app.db, request.body));
  });

  app.put(apiRoutes.jobs.list, { ...guarded, schema: { body: jobUpdateSchema } }, async (request) => {
    const { id, ...fields } = request.body;
    return changeJob(app.db, id, fields);
  });

  app.delete(apiRoutes.jobs.one, { ...guarded, schema: { params: idParamSchema } }, async (request, reply) => {
    await removeJob(app.db, request.params.id, request.admin!.username);
    return reply.status(204).send();
  });
};
