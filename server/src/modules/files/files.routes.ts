import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  fileListQuerySchema,
  fileListSchema,
  fileUsageSchema,
  idParamSchema,
  libraryFileSchema,
} from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { HttpError } from '../../lib/http-error';
import { drainUnreadUpload } from '../../lib/upload-drain';
import { multipartSupport } from '../../plugins/external/multipart';
import { fileUsageSourcesOf } from '../registry/file-usage';
import type { SiteRouteOptions } from '../registry/site-module';
import { type LibraryUpload, fileMultipartLimits, maxFileRequestBytes, readLibraryUpload } from './file-upload';
import { type FileDeps, changeFile, createFile, getFileList, getFileUsage, releaseFileKeys, removeFile } from './files.service';

/**
 * The file library's API (issue 45, decision 060), for admins and editors: the list with where each
 * file is used, an upload (multipart: `data` with the texts as JSON, `file`), a change of the texts
 * (JSON) or of the file itself (multipart, its address kept), a deletion to the trash that a file in
 * use refuses, and where a file is used.
 */
export const fileRoutes: FastifyPluginAsyncZod<SiteRouteOptions> = async (app, { modules }) => {
  const deps: FileDeps = {
    db: app.db,
    media: app.media,
    log: app.log,
    usages: fileUsageSourcesOf(modules),
    mediaPublicUrl: app.config.mediaPublicUrl,
  };
  const guarded = { onRequest: app.requireAdmin, config: { access: 'content' as const } };

  app.get(
    apiRoutes.files.list,
    {
      ...guarded,
      preValidation: caseInsensitiveQuery(Object.keys(fileListQuerySchema.shape)),
      schema: { querystring: fileListQuerySchema, response: { 200: fileListSchema } },
    },
    async (request) => getFileList(deps, request.query.Kind),
  );

  app.get(
    apiRoutes.files.usage,
    { ...guarded, schema: { params: idParamSchema, response: { 200: fileUsageSchema } } },
    async (request) => getFileUsage(deps, request.params.id),
  );

  app.delete(apiRoutes.files.one, { ...guarded, schema: { params: idParamSchema } }, async (request, reply) => {
    await removeFile(deps, request.params.id, request.admin!.displayName ?? request.admin!.username);
    return reply.status(204).send();
  });

  // Uploads in a scope of their own: multipart is parsed only here, and the rest of a refused upload drained.
  await app.register(async (uploads) => {
    await uploads.register(multipartSupport, { limits: fileMultipartLimits });
    uploads.addHook('onSend', drainUnreadUpload);
    const upload = { ...guarded, bodyLimit: maxFileRequestBytes };
    const read = async (request: FastifyRequest, multipartOnly: boolean): Promise<LibraryUpload> => {
      if (Number(request.headers['content-length'] ?? 0) > maxFileRequestBytes) {
        throw new HttpError(
          413,
          'payload_too_large',
          `The request is larger than ${Math.floor(maxFileRequestBytes / 1024 / 1024)} MB`,
        );
      }
      if (!request.isMultipart()) {
        if (multipartOnly) throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
        return { data: request.body, upload: undefined };
      }
      const scanner = app.malwareScanner;
      return readLibraryUpload(request.parts(), { media: app.media, scanner, log: request.log }, (keys) =>
        releaseFileKeys(deps, keys),
      );
    };

    uploads.post(apiRoutes.files.list, { ...upload, schema: { response: { 201: libraryFileSchema } } }, async (request, reply) =>
      reply.status(201).send(await createFile(deps, await read(request, true))),
    );

    uploads.put(apiRoutes.files.list, { ...upload, schema: { response: { 200: libraryFileSchema } } }, async (request) =>
      changeFile(deps, await read(request, false)),
    );
  });
};
