import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailSettingsSchema, mailTestResultSchema, apiRoutes } from '@blitz/contract';
import { getMailSettings, saveMailSettings, sendTestMails } from './mail-settings.service';

/** The mail settings (issue 29): read, replaced whole and tried out by a signed-in admin. */
export const mailSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config;

  app.get(
    apiRoutes.mailSettings.settings,
    { onRequest: app.requireAdmin, config: { access: 'admin' }, schema: { response: { 200: mailSettingsSchema } } },
    async (_r, reply) => {
      reply.header('cache-control', 'no-store');
      return getMailSettings(app.db, config);
    },
  );

  app.put(
    apiRoutes.mailSettings.settings,
    {
      onRequest: app.requireAdmin,
      config: { access: 'admin' },
      bodyLimit: 64 * 1024,
      schema: { body: mailSettingsSchema, response: { 200: mailSettingsSchema } },
    },
    async (request) => saveMailSettings(app.db, request.body),
  );

  app.post(
    apiRoutes.mailSettings.test,
    { onRequest: app.requireAdmin, config: { access: 'admin' }, schema: { response: { 200: mailTestResultSchema } } },
    async () =>
      sendTestMails({
        db: app.db,
        config,
        transport: app.mailTransport,
        domain: new URL((await app.publicAddress.current()).origin).hostname,
      }),
  );
};
