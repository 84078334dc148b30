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
  inquiryAssigneesSchema,
  inquiryNoteSchema,
  inquiryUnreadSchema,
  inquiryUpdateSchema,
  retentionSettingsSchema,
  retentionUpdateSchema,
  replyTemplatesInputSchema,
  replyTemplatesSchema,
  inquiryReplyCreatedSchema,
  apiRoutes,
} from '@blitz/contract';
import { HttpError, notFound } from '../../lib/http-error';
import { drainUnreadUpload } from '../../lib/upload-drain';
import { multipartSupport } from '../../plugins/external/multipart';
import { maxRequestBytes, multipartLimits, tooLarge } from '../contact/contact.service';
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
  unreadCount,
} from './inbox.service';
import { markRead } from './inquiry-reads.repository';
import { appliedJobs, findAttachment, findInquiry } from '../contact/inquiries.repository';
import { readRetention, writeRetention } from './inquiry-housekeeping';
import { type InboxPeople, addNote, assigneesFor, updateInquiry } from './inquiry-work';
import type { Doer } from './inquiry-work.repository';
import { sendReply } from './inquiry-reply';
import { readReplyTemplates, writeReplyTemplates } from './reply-templates';

/** The inquiry types the signed-in user may see (an inbox account's limit); undefined: all. */
const scopeOf = (request: FastifyRequest) => request.admin?.inquiryTypes ?? undefined;

/** Who does it, by the name the dashboard shows for them. */
const doerOf = (request: FastifyRequest): Doer => ({
  id: request.admin!.id,
  name: request.admin!.displayName ?? request.admin!.username,
});

/** The staff inbox of stored inquiries; every route needs a signed-in user allowed the inbox (issue 31). */
export const inboxRoutes: FastifyPluginAsyncZod<{ people: InboxPeople }> = async (app, { people }) => {
  // onRequest, not preHandler: a caller without a token learns nothing, not even about bad input.
  app.addHook('onRequest', app.requireAdmin);
  const inbox = { access: 'inbox' as const };
  /** The signed-in user as the inbox reads for them: their types, their unread marks. */
  const readerOf = (request: FastifyRequest) => ({
    people,
    userId: request.admin?.id,
    scope: scopeOf(request),
    now: app.clock(),
  });

  app.get(
    apiRoutes.inbox.list,
    {
      config: inbox,
      preValidation: caseInsensitiveQuery(Object.keys(inquiryListQuerySchema.shape)),
      schema: { querystring: inquiryListQuerySchema, response: { 200: inquiryListSchema } },
    },
    async (request) => inquiryPage(app.db, request.query, readerOf(request)),
  );

  app.get(apiRoutes.inbox.unread, { config: inbox, schema: { response: { 200: inquiryUnreadSchema } } }, async (request) => ({
    count: await unreadCount(app.db, readerOf(request)),
  }));

  app.get(
    apiRoutes.inbox.export,
    {
      config: inbox,
      preValidation: caseInsensitiveQuery(Object.keys(inquiryExportQuerySchema.shape)),
      schema: { querystring: inquiryExportQuerySchema },
    },
    async (request, reply) => {
      const { lang, separator, ...filter } = request.query;
      const csv = await inquiriesCsv(app.db, filter, { lang, separator }, readerOf(request));
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
    { config: { access: 'admin' }, schema: { body: retentionUpdateSchema, response: { 200: retentionSettingsSchema } } },
    async (request) => writeRetention(app.db, request.body),
  );

  app.get(
    apiRoutes.inbox.one,
    { config: inbox, schema: { params: inquiryIdParamSchema, response: { 200: inquiryDetailSchema } } },
    async (request) => {
      await checkInquiryScope(app.db, request.params.id, scopeOf(request));
      const detail = await inquiryDetail(app.db, readerOf(request), request.params.id);
      // Opened (it exists: the detail was found): no longer unread for this user, whoever else has not opened it yet.
      await markRead(app.db, request.params.id, request.admin!.id, app.clock().toISOString());
      await recordInquiry(app.db, 'open', request.params.id);
      return { ...detail, unread: false };
    },
  );

  app.put(
    apiRoutes.inbox.one,
    {
      config: inbox,
      schema: { params: inquiryIdParamSchema, body: inquiryUpdateSchema, response: { 200: inquiryDetailSchema } },
    },
    async (request) => {
      await checkInquiryScope(app.db, request.params.id, scopeOf(request));
      const mailed = await updateInquiry(app.db, people, request.params.id, request.body, doerOf(request), {
        mailAssignee: app.mailTransport.mode === 'smtp',
        now: app.clock(),
      });
      if (mailed) app.outbox.kick();
      return inquiryDetail(app.db, readerOf(request), request.params.id);
    },
  );

  app.post(
    apiRoutes.inbox.note,
    { config: inbox, schema: { params: inquiryIdParamSchema, body: inquiryNoteSchema, response: { 201: inquiryDetailSchema } } },
    async (request, reply) => {
      await checkInquiryScope(app.db, request.params.id, scopeOf(request));
      await addNote(app.db, request.params.id, request.body.text, doerOf(request), app.clock());
      return reply.status(201).send(await inquiryDetail(app.db, readerOf(request), request.params.id));
    },
  );

  app.get(apiRoutes.inbox.replyTemplates, { config: inbox, schema: { response: { 200: replyTemplatesSchema } } }, async () =>
    readReplyTemplates(app.db),
  );

  app.put(
    apiRoutes.inbox.replyTemplates,
    // The templates are the company's words for everyone: an admin's.
    {
      config: { access: 'admin' },
      schema: { body: replyTemplatesInputSchema, response: { 200: replyTemplatesSchema } },
    },
    async (request) => writeReplyTemplates(app.db, request.body),
  );

  // A reply takes files: multipart is parsed in this scope only, and a refusal given before the
  // whole upload arrived still reaches the client (the contact form's drain).
  const uploadRoutes: FastifyPluginAsyncZod = async (uploads) => {
    await uploads.register(multipartSupport, { limits: multipartLimits });
    uploads.addHook('onSend', drainUnreadUpload);
    uploads.post(
      apiRoutes.inbox.reply,
      {
        config: inbox,
        bodyLimit: maxRequestBytes,
        schema: { params: inquiryIdParamSchema, response: { 200: inquiryReplyCreatedSchema, 201: inquiryReplyCreatedSchema } },
      },
      async (request, reply) => {
        await checkInquiryScope(app.db, request.params.id, scopeOf(request));
        if (Number(request.headers['content-length'] ?? 0) > maxRequestBytes) {
          throw tooLarge(`The request is larger than ${Math.floor(maxRequestBytes / 1024 / 1024)} MB`);
        }
        const headerKey = request.headers['idempotency-key'];
        if (Array.isArray(headerKey)) throw new HttpError(400, 'validation', 'One Idempotency-Key header only');
        const multipart = request.isMultipart();
        const { reply: sent, repeated } = await sendReply(
          {
            db: app.db,
            store: app.attachments,
            scanner: app.malwareScanner,
            log: request.log,
            mailServer: app.mailTransport.mode === 'smtp',
            clock: app.clock,
          },
          request.params.id,
          { json: multipart ? undefined : request.body, parts: multipart ? request.parts() : undefined, headerKey },
          doerOf(request),
        );
        if (repeated) return reply.header('idempotent-replayed', 'true').status(200).send(sent);
        app.outbox.kick();
        return reply.status(201).send(sent);
      },
    );
  };
  await app.register(uploadRoutes);

  app.get(
    apiRoutes.inbox.assignees,
    { config: inbox, schema: { params: inquiryIdParamSchema, response: { 200: inquiryAssigneesSchema } } },
    async (request) => {
      await checkInquiryScope(app.db, request.params.id, scopeOf(request));
      const inquiry = await findInquiry(app.db, request.params.id);
      if (!inquiry) throw notFound('Inquiry');
      return assigneesFor(app.db, people, inquiry);
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
      // Every look at a visitor's file is in the trail (issue 42), by its number: a file's name may be a person's.
      await recordInquiry(app.db, 'download', request.params.id, `attachment ${attachment.id}`);
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
      return resendInquiry(
        app.db,
        readerOf(request),
        request.params.id,
        () => app.outbox.kick(),
        app.config.contact.confirmationMail,
      );
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
      return markHandled(
        app.db,
        readerOf(request),
        request.params.id,
        request.body?.handled ?? true,
        doerOf(request),
        app.clock(),
      );
    },
  );

  app.delete(apiRoutes.inbox.one, { config: inbox, schema: { params: inquiryIdParamSchema } }, async (request, reply) => {
    await checkInquiryScope(app.db, request.params.id, scopeOf(request));
    await deleteInquiry(app.db, app.attachments, request.params.id);
    return reply.status(204).send();
  });
};
