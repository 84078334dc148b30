import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, trashRestoreSchema } from '@blitz/contract';
import { emptyTrash, getTrash, restoreItem } from './trash.service';

/**
 * The trash (decision 037). Listing and restoring for admins and editors (who delete content),
 * emptying for admins only (decision 035's roles).
 */
export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, media: app.media, log: app.log };
  const content = { onRequest: app.requireAdmin, config: { access: 'content' as const } };

  app.get(apiRoutes.trash.list, content, async () => getTrash(app.db));

  app.post(apiRoutes.trash.restore, { ...content, schema: { body: trashRestoreSchema } }, async (request) =>
    restoreItem(app.db, request.body),
  );

  app.delete(apiRoutes.trash.list, { onRequest: app.requireAdmin, config: { access: 'admin' } }, async () => emptyTrash(deps));
};
