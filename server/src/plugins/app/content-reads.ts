import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { type ContentReads, createContentReads } from '../../modules/content/content-reads';
import { type ContentVersionWatcher, watchContentVersion } from '../../modules/content/content-version-watcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** Public reads of the site's content, kept per content version (modules/content/content-reads.ts). */
    contentReads: ContentReads;
    /** The content version as this instance was told it (modules/content/content-version-watcher.ts). */
    contentVersion: ContentVersionWatcher;
  }
}

export type ContentReadsOptions = { newClient?: (() => pg.Client) | undefined };

const reading = new Set(['GET', 'HEAD', 'OPTIONS']);

export const contentReads = fp(async (app: FastifyInstance, options: ContentReadsOptions) => {
  const lookups = app.metrics.cacheLookups;
  const watcher = watchContentVersion({
    db: app.db,
    kind: app.dbKind,
    newClient: options.newClient,
    log: app.log.child({ module: 'content-version' }),
  });
  app.addHook('onClose', () => watcher.close());
  await watcher.started();
  app.decorate('contentVersion', watcher);
  app.decorate(
    'contentReads',
    createContentReads(app.db, {
      version: watcher.version,
      onLookup: (hit) => lookups.inc({ cache: 'content', result: hit ? 'hit' : 'miss' }),
    }),
  );

  // A write answered by this instance is not answered before the instance knows of it: its
  // notification has arrived (PostgreSQL), so the writer's next request sees it here too, and
  // the other instances were told at the same commit.
  const bumpsAtStart = new WeakMap<FastifyRequest, number>();
  // Callbacks, not async functions: every page request passes these hooks.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!reading.has(request.method)) bumpsAtStart.set(request, watcher.ownBumps());
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const before = bumpsAtStart.get(request);
    if (before === undefined || before === watcher.ownBumps()) return done(null, payload);
    watcher.fence().then(() => done(null, payload), done);
  });
});
