import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, backupEntrySchema, backupIdParamsSchema, backupListSchema } from '@blitz/contract';
import { sendProblem } from '../lib/send-problem';
import { recordChange } from '../modules/audit/audit.recorder';
import { BackupRunningError, type SiteBackups } from './site-backups';

const admin = { config: { access: 'admin' as const } };

/**
 * Backups in the dashboard (admin only, decision 044): the list with the schedule, "back up now"
 * (202 with the entry once the archive is written and read back; 409 while another is being
 * written), and the download of an archive, recorded in the audit trail.
 */
export const backupRoutes: FastifyPluginAsyncZod<{ backups: SiteBackups }> = async (app, { backups }) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(apiRoutes.backup.list, { ...admin, schema: { response: { 200: backupListSchema } } }, async () => {
    const data = await backups.list();
    return { data, count: data.length, schedule: backups.schedule() };
  });

  app.post(apiRoutes.backup.list, { ...admin, schema: { response: { 202: backupEntrySchema } } }, async (request, reply) => {
    try {
      return reply.status(202).send(await backups.create(request.admin!.username));
    } catch (error) {
      if (error instanceof BackupRunningError) return sendProblem(reply, 409, 'conflict', error.message);
      throw error;
    }
  });

  app.get(apiRoutes.backup.download, { ...admin, schema: { params: backupIdParamsSchema } }, async (request, reply) => {
    const found = await backups.open(request.params.id);
    if (!found) return sendProblem(reply, 404, 'not_found', 'No such backup');
    await recordChange(app.db, { action: 'download', kind: 'backup', id: found.entry.id, title: found.entry.id }).catch(
      (error: unknown) => {
        found.archive.stream.destroy();
        throw error;
      },
    );
    return reply
      .type('application/gzip')
      .header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition(`blitz-backup-${found.entry.id}.tar.gz`))
      .header('content-length', String(found.archive.size))
      .send(found.archive.stream);
  });
};
