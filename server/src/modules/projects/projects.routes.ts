import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  languageQuerySchema,
  pictureDataUrlMaxLength,
  projectCreateSchema,
  projectListQuerySchema,
  projectMoveSchema,
  projectUpdateByPathSchema,
  projectUpdateSchema,
  apiRoutes,
} from '@blitz/contract';
import { badRequest } from '../../lib/http-error';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { sendRead } from '../content/content-reads';
import { readProject, readProjectPage } from './project-reads';
import {
  changeProject,
  createProject,
  discardDraft,
  discardProject,
  getProject,
  getProjectPage,
  mediaAddress,
  publish,
  relocateProject,
  unpublish,
} from './projects.service';

/** Room for the largest accepted picture as a data URL, plus the texts; beyond it the answer is 413. */
export const projectBodyLimit = pictureDataUrlMaxLength + 1024 * 1024;

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, media: app.media, log: app.log, mediaUrl: mediaAddress(app.config.mediaPublicUrl) };
  // The sign-in check comes first, before a (large) body is even read.
  const guarded = { onRequest: app.requireAdmin, config: { access: 'content' as const }, bodyLimit: projectBodyLimit };
  // A read with a token is staff's (drafts included, marked; never kept), checked like a write;
  // without one, a visitor's: the published projects alone (decision 033).
  const reader = { onRequest: app.identifyAdmin };

  app.get(
    apiRoutes.projects.list,
    {
      ...reader,
      preValidation: caseInsensitiveQuery(Object.keys(projectListQuerySchema.shape)),
      schema: { querystring: projectListQuerySchema },
    },
    async (request, reply) => {
      if (request.admin) return getProjectPage(app.db, request.query, deps.mediaUrl, 'staff');
      return sendRead(request, reply, await readProjectPage(app, request.query));
    },
  );

  app.get(
    apiRoutes.projects.one,
    {
      ...reader,
      preValidation: caseInsensitiveQuery(['Language']),
      schema: { params: idParamSchema, querystring: languageQuerySchema },
    },
    async (request, reply) => {
      if (request.admin) return getProject(app.db, request.params.id, request.query.Language, deps.mediaUrl, 'staff');
      return sendRead(request, reply, await readProject(app, request.params.id, request.query.Language));
    },
  );

  app.post(apiRoutes.projects.list, { ...guarded, schema: { body: projectCreateSchema } }, async (request, reply) => {
    const { picture, ...fields } = request.body;
    return reply.status(201).send(await createProject(deps, fields, picture));
  });

  app.put(apiRoutes.projects.list, { ...guarded, schema: { body: projectUpdateSchema } }, async (request) => {
    const { id, picture, ...fields } = request.body;
    return changeProject(deps, id, fields, picture);
  });

  app.put(
    apiRoutes.projects.one,
    { ...guarded, schema: { params: idParamSchema, body: projectUpdateByPathSchema } },
    async (request) => {
      const { id, picture, ...fields } = request.body;
      if (id !== undefined && id !== request.params.id) throw badRequest('id', 'must match the id in the path');
      return changeProject(deps, request.params.id, fields, picture);
    },
  );

  app.post(
    apiRoutes.projects.move,
    { onRequest: app.requireAdmin, config: { access: 'content' }, schema: { params: idParamSchema, body: projectMoveSchema } },
    async (request) => relocateProject(deps, request.params.id, request.body),
  );

  const byId = { onRequest: app.requireAdmin, config: { access: 'content' as const }, schema: { params: idParamSchema } };
  app.post(apiRoutes.projects.publish, byId, async (request) => publish(deps, request.params.id));
  app.post(apiRoutes.projects.unpublish, byId, async (request) => unpublish(deps, request.params.id));
  app.delete(apiRoutes.projects.draft, byId, async (request) => discardDraft(deps, request.params.id));

  app.delete(
    apiRoutes.projects.one,
    { onRequest: app.requireAdmin, config: { access: 'content' }, schema: { params: idParamSchema } },
    async (request, reply) => {
      await discardProject(deps, request.params.id, request.admin!.username);
      return reply.status(204).send();
    },
  );
};
