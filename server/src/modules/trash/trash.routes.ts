import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, trashRestoreSchema } from '@blitz/contract';
import type { TrashAdapter } from './trash-adapter';
import { emptyTrash, getTrash, restoreItem } from './trash.service';

/**
 * The trash (decision 037). Listing and restoring for admins and editors (who delete content),
 * emptying for admins only (decision 035's roles). `adapters`: the trashable domains' (app.ts).
 */
export const trashRoutes: FastifyPluginAsyncZod<{ adapters: readonly TrashAdapter[] }> = async (app, { adapters }) => {
  const deps = { db: app.db, media: app.media, log: app.log, adapters };
  const content = { onRequest: app.requireAdmin, config: { access: 'content' as const } };

  app.get(apiRoutes.trash.list, content, async () => getTrash(deps));

  app.post(apiRoutes.trash.restore, { ...content, schema: { body: trashRestoreSchema } }, async (request) =>
    restoreItem(deps, request.body),
  );

  app.delete(apiRoutes.trash.list, { onRequest: app.requireAdmin, config: { access: 'admin' } }, async () => emptyTrash(deps));
};
