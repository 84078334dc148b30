import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, trashRestoreSchema } from '@blitz/contract';
import { emptyTrash, getTrash, restoreItem } from './trash.service';

/**
 * The trash (decision 037). Access, for the roles of issue 31 (added with them): listing and
 * restoring for admins and editors (who delete content), emptying for admins only.
 */
export const trashRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, media: app.media, log: app.log };
  const guarded = { onRequest: app.requireAdmin };

  app.get(apiRoutes.trash.list, guarded, async () => getTrash(app.db));

  app.post(apiRoutes.trash.restore, { ...guarded, schema: { body: trashRestoreSchema } }, async (request) =>
    restoreItem(app.db, request.body),
  );

  app.delete(apiRoutes.trash.list, guarded, async () => emptyTrash(deps));
};
