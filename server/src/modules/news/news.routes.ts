import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiRoutes,
  idParamSchema,
  newsAddressQuerySchema,
  newsHomeSchema,
  newsPostCreateSchema,
  newsPostListQuerySchema,
  newsPostUpdateSchema,
  newsPublishedQuerySchema,
} from '@blitz/contract';
import { caseInsensitiveQuery } from '../../lib/case-insensitive-query';
import { sendRead } from '../content/content-reads';
import { saveNewsHome } from './news-home';
import { readNewsHome, readVisiblePostAt, readVisiblePosts } from './news-reads';
import {
  changeNewsPost,
  createNewsPost,
  discardNewsPostDraft,
  getNewsPost,
  getNewsPosts,
  publishNewsPost,
  removeNewsPost,
  unpublishNewsPost,
} from './news.service';

/** News posts (issue 45, decision 063): editors and admins write them; visitors read those whose time has come. */
export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guarded = { onRequest: app.requireAdmin, config: { access: 'content' as const } };
  const reads = { db: app.db, contentReads: app.contentReads, config: app.config };
  // A save may schedule, move or take back a post's time: this instance looks for the next one
  // again (the others are told by the content version's move, decision 063).
  app.addHook('onResponse', (request, _reply, done) => {
    if (request.method !== 'GET') void app.contentSchedule.rearm();
    done();
  });

  app.get(
    apiRoutes.news.published,
    {
      preValidation: caseInsensitiveQuery(Object.keys(newsPublishedQuerySchema.shape)),
      schema: { querystring: newsPublishedQuerySchema },
    },
    async (request, reply) => sendRead(request, reply, await readVisiblePosts(reads, request.query, app.clock())),
  );

  app.get(
    apiRoutes.news.byAddress,
    { preValidation: caseInsensitiveQuery(['Address']), schema: { querystring: newsAddressQuerySchema } },
    async (request, reply) => sendRead(request, reply, await readVisiblePostAt(reads, request.query.Address, app.clock())),
  );

  // How many of the newest posts the home page shows: everyone reads it, editors set it.
  app.get(apiRoutes.news.home, async (request, reply) => sendRead(request, reply, await readNewsHome(reads)));
  app.put(apiRoutes.news.home, { ...guarded, schema: { body: newsHomeSchema } }, async (request) =>
    saveNewsHome(app.db, request.body),
  );

  app.get(
    apiRoutes.news.list,
    {
      ...guarded,
      preValidation: caseInsensitiveQuery(Object.keys(newsPostListQuerySchema.shape)),
      schema: { querystring: newsPostListQuerySchema },
    },
    async (request) => getNewsPosts(app.db, request.query),
  );

  const byId = { ...guarded, schema: { params: idParamSchema } };
  app.get(apiRoutes.news.one, byId, async (request) => getNewsPost(app.db, request.params.id));

  app.post(apiRoutes.news.list, { ...guarded, schema: { body: newsPostCreateSchema } }, async (request, reply) =>
    reply.status(201).send(await createNewsPost(app.db, request.body, app.clock())),
  );

  app.put(apiRoutes.news.list, { ...guarded, schema: { body: newsPostUpdateSchema } }, async (request) => {
    const { id, ...fields } = request.body;
    return changeNewsPost(app.db, id, fields, app.clock());
  });

  app.post(apiRoutes.news.publish, byId, async (request) => publishNewsPost(app.db, request.params.id, app.clock()));
  app.post(apiRoutes.news.unpublish, byId, async (request) => unpublishNewsPost(app.db, request.params.id));
  app.delete(apiRoutes.news.draft, byId, async (request) => discardNewsPostDraft(app.db, request.params.id));

  app.delete(apiRoutes.news.one, byId, async (request, reply) => {
    await removeNewsPost(app.db, request.params.id, request.admin!.username);
    return reply.status(204).send();
  });
};
