import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes, trashRestoreSchema } from '@blitz/contract';
import type { SiteRouteOptions } from '../registry/site-module';
import { trashAdaptersOf } from '../registry/trash-adapter';
import { emptyTrash, getTrash, restoreItem } from './trash.service';

/**
 * The trash (decision 037). Listing and restoring for admins and editors (who delete content),
 * emptying for admins only (decision 035's roles). `modules`: the site's (site-modules.ts); the
 * trash holds the items of those that hand in an adapter.
 */
export const trashRoutes: FastifyPluginAsyncZod<SiteRouteOptions> = async (app, { modules }) => {
  const deps = { db: app.db, media: app.media, log: app.log, adapters: trashAdaptersOf(modules) };
  const content = { onRequest: app.requireAdmin, config: { access: 'content' as const } };

  app.get(apiRoutes.trash.list, content, async () => getTrash(deps));

  app.post(apiRoutes.trash.restore, { ...content, schema: { body: trashRestoreSchema } }, async (request) => {
    const result = await restoreItem(deps, request.body);
    // What came back may be scheduled (a news post's time still to come, decision 063): this
    // instance looks for the next moment again rather than at its next minute's look.
    void app.contentSchedule.rearm();
    return result;
  });

  app.delete(apiRoutes.trash.list, { onRequest: app.requireAdmin, config: { access: 'admin' } }, async () => emptyTrash(deps));
};
