import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, apiUrl, idParamSchema, wordpressImportLimits, wordpressImportOptionsSchema } from '@blitz/contract';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import { multipartSupport } from '../../plugins/external/multipart';
import { mediaAddress } from '../../media/media-address';
import type { SiteRouteOptions } from '../registry/site-module';
import { createImportRunner, openSource, queueImportJob, readExport, scratchFolder, toImportJob } from './import-jobs';
import { findImportJob, latestImportJobs } from './wordpress-import.repository';
import { ImportStopped, runImport } from './wordpress-import.service';

/** The form of an import: the export and a zip of the uploads as files, the options as fields. */
type ImportForm = { exportFile?: string; uploadsZip?: string; fields: Record<string, string[]> };

const fileFields = { file: wordpressImportLimits.exportMaxBytes, uploads: wordpressImportLimits.uploadsMaxBytes } as const;

/** Writes the form's files into `folder` as they arrive, each bounded by its own limit (413 beyond). */
async function readForm(request: FastifyRequest, folder: string): Promise<ImportForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the export as multipart/form-data');
  const form: ImportForm = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const limit = fileFields[part.fieldname as keyof typeof fileFields];
        if (limit === undefined)
          throw badRequest(part.fieldname, 'unknown file: send the export as `file`, the uploads zip as `uploads`');
        const target = path.join(folder, part.fieldname === 'file' ? 'export.xml' : 'uploads.zip');
        if ((part.fieldname === 'file' ? form.exportFile : form.uploadsZip) !== undefined)
          throw badRequest(part.fieldname, 'send it once');
        let size = 0;
        const bounded = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            if (size > limit)
              callback(
                new HttpError(413, 'payload_too_large', `${part.fieldname} is larger than ${limit} bytes`, {
                  errors: [{ field: part.fieldname, message: `at most ${Math.round(limit / 1024 / 1024)} MB` }],
                }),
              );
            else callback(null, chunk);
          },
        });
        await pipeline(part.file, bounded, fs.createWriteStream(target, { mode: 0o600 }));
        if (part.fieldname === 'file') form.exportFile = target;
        else form.uploadsZip = target;
      } else if (part.fieldname in fileFields) {
        throw badRequest(part.fieldname, 'send it as a file part (a file chosen in the form)');
      } else {
        (form.fields[part.fieldname] ??= []).push(String(part.value));
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (error instanceof HttpError || (typeof code === 'string' && code.startsWith('FST_'))) throw error;
    throw new HttpError(400, 'malformed_body', 'The request body is not valid multipart/form-data');
  }
  return form;
}

/** The options of the form's fields: `dryRun`, `siteUrl`, and `categories` / `postTypes` as repeated fields or lists separated by commas. */
function optionsOf(fields: Record<string, string[]>) {
  const known = new Set(['dryRun', 'categories', 'postTypes', 'siteUrl']);
  const unknown = Object.keys(fields).find((name) => !known.has(name));
  if (unknown) throw badRequest(unknown, 'unknown field');
  const list = (name: string) =>
    (fields[name] ?? [])
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
  const dryRun = fields['dryRun']?.at(-1)?.trim().toLowerCase();
  if (dryRun !== undefined && dryRun !== 'true' && dryRun !== 'false') throw badRequest('dryRun', 'must be true or false');
  const parsed = wordpressImportOptionsSchema.safeParse({
    dryRun: dryRun === 'true',
    categories: list('categories'),
    postTypes: list('postTypes'),
    siteUrl: fields['siteUrl']?.at(-1)?.trim() || null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(String(issue.path[0] ?? 'options'), issue.message);
  }
  return parsed.data;
}

/**
 * The WordPress import (issue 43, decision 054), admins only. A dry run answers 200 with its
 * report and writes nothing; an import answers 202 with its job, to poll at `GET /Import/{id}`.
 * Either way the export (and the zip) is checked first: a file that is not an export, or is
 * hostile, is refused before anything is kept.
 */
export const wordpressImportRoutes: FastifyPluginAsyncZod<SiteRouteOptions> = async (app) => {
  const deps = {
    db: app.db,
    media: app.media,
    attachments: app.attachments,
    log: app.log.child({ module: 'wordpress-import' }),
    mediaUrl: mediaAddress(app.config.mediaPublicUrl),
  };
  // Jobs left unfinished (a restart in the middle of one) go on once the server is ready, or once
  // the lease of an instance that died running one has run out.
  const runner = createImportRunner(deps);
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => runner.stop());
  await app.register(multipartSupport, {
    limits: {
      fileSize: wordpressImportLimits.uploadsMaxBytes,
      files: 2,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 22,
      headerPairs: 100,
    },
  });
  const guarded = { onRequest: app.requireAdmin, config: { access: 'admin' as const } };

  app.post(apiRoutes.imports.wordpress, guarded, async (request, reply) => {
    const scratch = await scratchFolder();
    try {
      const form = await readForm(request, scratch.folder);
      const options = optionsOf(form.fields);
      if (!form.exportFile) throw badRequest('file', 'the WordPress export (WXR) is missing');
      const exported = await readExport(form.exportFile);
      const source = await openSource(exported, form.uploadsZip ? { zip: form.uploadsZip } : {}, options.siteUrl);
      try {
        if (options.dryRun) {
          // A dry run fetches every picture: one whose admin left (a closed tab) stops after the post it is at.
          const left = new AbortController();
          reply.raw.once('close', () => reply.raw.writableFinished || left.abort());
          try {
            return await runImport(deps, exported, source, { ...options, jobId: null, signal: left.signal });
          } catch (error) {
            if (!(error instanceof ImportStopped)) throw error;
            request.log.info('dry run stopped: the client left');
            return reply.hijack();
          }
        }
      } finally {
        await source.close();
      }
      const admin = request.admin!;
      const id = await queueImportJob(deps, { exportFile: form.exportFile, uploadsZip: form.uploadsZip }, options, {
        id: admin.id,
        name: admin.username,
      });
      runner.kick();
      const job = await findImportJob(app.db, id);
      return reply
        .status(202)
        .header('location', apiUrl(apiRoutes.imports.onePath(id)))
        .send(toImportJob(job!));
    } finally {
      await scratch.done();
    }
  });

  // The dashboard's list: a job started before a reload (or by a colleague) is found again.
  app.get(apiRoutes.imports.list, guarded, async () => ({
    data: (await latestImportJobs(app.db, 20)).map(toImportJob),
  }));

  app.get(apiRoutes.imports.one, { ...guarded, schema: { params: idParamSchema } }, async (request) => {
    const job = await findImportJob(app.db, request.params.id);
    if (!job) throw notFound('Import');
    return toImportJob(job);
  });
};
