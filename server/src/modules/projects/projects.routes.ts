import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  languageQuerySchema,
  maxDataUrlPictures,
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
import { multipartSupport } from '../../plugins/external/multipart';
import { sendRead } from '../content/content-reads';
import { pictureMultipartLimits, readProjectMultipart, uploadedFiles } from './picture-multipart';
import { mediaAddress } from '../../media/media-address';
import { type PictureChoice, releasePictureKeys } from './picture-uploads';
import { pictureKeys } from './project-pictures';
import { readProject, readProjectPage } from './project-reads';
import {
  changeProject,
  createProject,
  discardDraft,
  discardProject,
  getProject,
  getProjectPage,
  publish,
  relocateProject,
  unpublish,
} from './projects.service';

/** Room for the largest accepted pictures as data URLs (`maxDataUrlPictures`), plus the texts; beyond it the answer is 413. */
export const projectBodyLimit = maxDataUrlPictures * pictureDataUrlMaxLength + 1024 * 1024;

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, media: app.media, log: app.log, mediaUrl: mediaAddress(app.config.mediaPublicUrl) };
  // The sign-in check comes first, before a (large) body is even read.
  await app.register(multipartSupport, { limits: pictureMultipartLimits });
  // A multipart save's `data` field becomes the body before it is validated; its files are stored.
  const guarded = {
    onRequest: app.requireAdmin,
    config: { access: 'content' as const },
    bodyLimit: projectBodyLimit,
    preValidation: (request: FastifyRequest) => readProjectMultipart(request, deps),
  };
  // Files of a save refused before the service ran (its body invalid) are released here; the
  // service releases those of a save it refused or did not use.
  app.addHook('onError', async (request) => {
    const files = uploadedFiles(request);
    if (files?.size) await releasePictureKeys(deps, [...files.values()].flatMap(pictureKeys));
  });
  const change = (
    request: FastifyRequest,
    body: { picture?: string | null | undefined; pictures?: PictureChoice[] | undefined },
  ) => {
    const files = uploadedFiles(request);
    return { picture: body.picture, pictures: body.pictures, ...(files ? { files } : {}) };
  };
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
    const { picture, pictures, ...fields } = request.body;
    return reply.status(201).send(await createProject(deps, fields, change(request, { picture, pictures })));
  });

  app.put(apiRoutes.projects.list, { ...guarded, schema: { body: projectUpdateSchema } }, async (request) => {
    const { id, picture, pictures, ...fields } = request.body;
    return changeProject(deps, id, fields, change(request, { picture, pictures }));
  });

  app.put(
    apiRoutes.projects.one,
    { ...guarded, schema: { params: idParamSchema, body: projectUpdateByPathSchema } },
    async (request) => {
      const { id, picture, pictures, ...fields } = request.body;
      if (id !== undefined && id !== request.params.id) throw badRequest('id', 'must match the id in the path');
      return changeProject(deps, request.params.id, fields, change(request, { picture, pictures }));
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
