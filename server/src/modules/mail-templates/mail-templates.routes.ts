import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  mailPreviewSchema,
  mailTemplateListSchema,
  mailTemplatePreviewSchema,
  mailTemplateSaveSchema,
  mailTemplateSchema,
  mailTemplateTestResultSchema,
} from '@blitz/contract';
import {
  type MailTemplateTestDeps,
  listMailTemplates,
  previewMailTemplate,
  saveMailTemplate,
  sendMailTemplateTest,
} from './mail-templates.service';

export type MailTemplateRouteOptions = { mailAddressOf: MailTemplateTestDeps['mailAddressOf'] };

/** The automatic mails' words (issue 44): read, saved one at a time, previewed and tried out by a signed-in admin. */
export const mailTemplateRoutes: FastifyPluginAsyncZod<MailTemplateRouteOptions> = async (app, { mailAddressOf }) => {
  const admin = { onRequest: app.requireAdmin, config: { access: 'admin' as const } };

  app.get(
    apiRoutes.mailTemplates.templates,
    { ...admin, schema: { response: { 200: mailTemplateListSchema } } },
    async (_r, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await listMailTemplates(app.db) };
    },
  );

  app.put(
    apiRoutes.mailTemplates.templates,
    { ...admin, bodyLimit: 64 * 1024, schema: { body: mailTemplateSaveSchema, response: { 200: mailTemplateSchema } } },
    async (request) => saveMailTemplate(app.db, request.body),
  );

  app.post(
    apiRoutes.mailTemplates.preview,
    { ...admin, bodyLimit: 64 * 1024, schema: { body: mailTemplatePreviewSchema, response: { 200: mailPreviewSchema } } },
    async (request) => previewMailTemplate(app.db, request.body),
  );

  app.post(
    apiRoutes.mailTemplates.test,
    {
      ...admin,
      bodyLimit: 64 * 1024,
      schema: { body: mailTemplatePreviewSchema, response: { 200: mailTemplateTestResultSchema } },
    },
    async (request) =>
      sendMailTemplateTest(
        {
          db: app.db,
          config: app.config,
          transport: app.mailTransport,
          domain: new URL((await app.publicAddress.current()).origin).hostname,
          mailAddressOf,
        },
        request.admin!.id,
        request.body,
      ),
  );
};
