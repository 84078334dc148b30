import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inquiryAttachmentParamSchema,
  inquiryDetailSchema,
  inquiryExportQuerySchema,
  inquiryHandledSchema,
  inquiryIdParamSchema,
  inquiryJobChoicesSchema,
  inquiryListQuerySchema,
  inquiryListSchema,
  retentionSettingsSchema,
  apiRoutes,
} from '@blitz/contract';
import { notFound } from '../../lib/http-error';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import type { FastifyRequest } from 'fastify';
import { recordInquiry, recordInquiryExport } from './inquiry-audit';
import {
  checkInquiryScope,
  deleteInquiry,
  inquiriesCsv,
  inquiryDetail,
  inquiryPage,
  markHandled,
  resendInquiry,
} from './inbox.service';
import { appliedJobs, findAttachment } from '../contact/inquiries.repository';
import { readRetention, writeRetention } from './inquiry-housekeeping';

/** The inquiry types the signed-in user may see (an inbox account's limit); undefined: all. */
const scopeOf = (request: FastifyRequest) => request.admin?.inquiryTypes ?? undefined;

/** The staff inbox of stored inquiries; every route needs a signed-in user allowed the inbox (issue 31). */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest, not preHandler: a caller without a token learns nothing, not even about bad input.
  app.addHook('onRequest', app.requireAdmin);
  const inbox = { access: 'inbox' as const };

  app.get(
    apiRoutes.inbox.list,
    {
      config: inbox,
      preValidation: caseInsensitiveQuery(Object.keys(inquiryListQuerySchema.shape)),
      schema: { querystring: inquiryListQuerySchema, response: { 200: inquiryListSchema } },
    },
    async (request) => inquiryPage(app.db, request.query, scopeOf(request)),
  );

  app.get(
    apiRoutes.inbox.export,
    {
      config: inbox,
      preValidation: caseInsensitiveQuery(Object.keys(inquiryExportQuerySchema.shape)),
      schema: { querystring: inquiryExportQuerySchema },
    },
    async (request, reply) => {
      const { lang, separator, ...filter } = request.query;
      const csv = await inquiriesCsv(app.db, filter, { lang, separator }, scopeOf(request));
      await recordInquiryExport(app.db, filter);
      // Today in Berlin (sv-SE writes YYYY-MM-DD), as the file's times are.
      const date = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`${lang === 'de' ? 'anfragen' : 'inquiries'}-${date}.csv`))
        .send(Readable.from(csv));
    },
  );

  app.get(apiRoutes.inbox.retention, { config: inbox, schema: { response: { 200: retentionSettingsSchema } } }, async () =>
    readRetention(app.db),
  );

  app.get(apiRoutes.inbox.jobs, { config: inbox, schema: { response: { 200: inquiryJobChoicesSchema } } }, async (request) => {
    const scope = scopeOf(request);
    // The jobs applications name tell nothing to a user who may not see applications.
    return scope && !scope.includes('application') ? [] : appliedJobs(app.db);
  });

  app.put(
    apiRoutes.inbox.retention,
    // How long inquiries are kept is a setting of the site: an admin's.
    { config: { access: 'admin' }, schema: { body: retentionSettingsSchema, response: { 200: retentionSettingsSchema } } },
    async (request) => {
      await writeRetention(app.db, request.body);
      return request.body;
    },
  );

  app.get(
    apiRoutes.inbox.one,
    { config: inbox, schema: { params: inquiryIdParamSchema, response: { 200: inquiryDetailSchema } } },
    async (request) => {
      await checkInquiryScope(app.db, request.params.id, scopeOf(request));
      const detail = await inquiryDetail(app.db, request.params.id);
      await recordInquiry(app.db, 'open', request.params.id);
      return detail;
    },
  );

  app.get(
    apiRoutes.inbox.attachment,
    { config: inbox, schema: { params: inquiryAttachmentParamSchema } },
    async (request, reply) => {
      await checkInquiryScope(app.db, request.params.id, scopeOf(request));
      const attachment = await findAttachment(app.db, request.params.id, request.params.attachmentId);
      if (!attachment) throw notFound('Attachment');
      // Opened before answering: a missing object is a 404, not a broken download.
      const object = await app.attachments.open(attachment.storageKey);
      if (!object) throw notFound('Attachment file');
      return reply
        .type(attachment.contentType)
        .header('content-disposition', contentDisposition(attachment.fileName))
        .header('content-length', String(object.size))
        .send(object.stream);
    },
  );

  app.post(
    apiRoutes.inbox.resend,
    { config: inbox, schema: { params: inquiryIdParamSchema, response: { 200: inquiryDetailSchema } } },
    async (request) => {
      await checkInquiryScope(app.db, request.params.id, scopeOf(request));
      return resendInquiry(app.db, request.params.id, () => app.outbox.kick(), app.config.contact.confirmationMail);
    },
  );

  app.post(
    apiRoutes.inbox.handled,
    {
      config: inbox,
      schema: { params: inquiryIdParamSchema, body: inquiryHandledSchema.nullish(), response: { 200: inquiryDetailSchema } },
    },
    async (request) => {
      await checkInquiryScope(app.db, request.params.id, scopeOf(request));
      return markHandled(app.db, request.params.id, request.body?.handled ?? true);
    },
  );

  app.delete(apiRoutes.inbox.one, { config: inbox, schema: { params: inquiryIdParamSchema } }, async (request, reply) => {
    await checkInquiryScope(app.db, request.params.id, scopeOf(request));
    await deleteInquiry(app.db, app.attachments, request.params.id);
    return reply.status(204).send();
  });
};
