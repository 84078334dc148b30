import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteAddressReport } from '../site-address/site-address.service';
import { requestOriginOf } from '../site-address/request-origins';
import { z } from 'zod';
import {
  apiRoutes,
  checklistKeySchema,
  checklistSchema,
  checklistUpdateSchema,
  sampleContentRemovalSchema,
} from '@blitz/contract';
import { type GoLiveDeps, getChecklist, removeSampleContent, updateChecklistItem } from './go-live.service';

/** The go-live checklist of the dashboard's start and its one bulk action (issue 29), for a signed-in admin. */
export const goLiveRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: GoLiveDeps = {
    db: app.db,
    media: app.media,
    log: app.log,
    config: app.config,
    siteAddress: (origin) =>
      siteAddressReport(
        { db: app.db, contentReads: app.contentReads, siteUrl: app.config.siteUrl, address: app.publicAddress },
        origin,
      ),
  };

  app.get(
    apiRoutes.goLive.checklist,
    { onRequest: app.requireAdmin, config: { access: 'admin' }, schema: { response: { 200: checklistSchema } } },
    // The origin this request came by, as the proxy reports it (TRUST_PROXY): is the site reached at its public address?
    async (request) => getChecklist(deps, { origin: requestOriginOf(request) }),
  );

  app.put(
    apiRoutes.goLive.item,
    {
      onRequest: app.requireAdmin,
      config: { access: 'admin' },
      bodyLimit: 1024,
      schema: { params: z.object({ key: checklistKeySchema }), body: checklistUpdateSchema, response: { 200: checklistSchema } },
    },
    async (request) => {
      await updateChecklistItem(deps, request.params.key, request.body, request.admin!.username);
      return getChecklist(deps, { origin: requestOriginOf(request) });
    },
  );

  app.post(
    apiRoutes.goLive.removeSampleContent,
    { onRequest: app.requireAdmin, config: { access: 'admin' }, schema: { response: { 200: sampleContentRemovalSchema } } },
    async () => removeSampleContent(deps),
  );
};
