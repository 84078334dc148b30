import crypto from 'node:crypto';
import { customPageLinks } from './modules/custom-pages/custom-pages.service';
import { newsVisible } from './modules/news/news-reads';
import http from 'node:http';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { berlinDate, apiPrefix } from '@blitz/contract';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type DatabaseHandle, DatabaseUnavailableError, type Db, openDatabase, sqliteFileIn } from './db/database';
import { type SharedSiteLock, holdSharedSiteLock, lockDataDir } from './db/instance-lock';
import { migrateToLatest } from './db/migrate';
import { ensureAdmin } from './modules/auth/admin-bootstrap';
import { drawnSiteIcons } from './modules/company/company-reads';
import { type SiteModule, pageFillersOf, sitemapSourcesOf } from './modules/registry/site-module';
import { createPageContents } from './modules/site-texts/page-contents';
import { shippedTexts } from './modules/site-texts/shipped-texts';
import { siteTextFilesRoutes } from './modules/site-texts/site-text-files.routes';
import { withheldProjectMedia } from './modules/projects/withheld-media';
import { withheldFileMedia } from './modules/files/withheld-media';
import { fileAddressRoutes } from './modules/files/file-address.routes';
import { statisticsCounting } from './modules/statistics/statistics-counting';
import { createRedirects, notFoundAnswer, redirectAnswers } from './modules/redirects/redirects.module';
import { mediaRoutes } from './media/media.routes';
import { contentReads } from './plugins/app/content-reads';
import { siteStorage } from './plugins/app/storage';
import { sampleContent } from './plugins/app/sample-content';
import { type FormTokens, createFormTokens } from './modules/contact/form-token';
import { siteModules } from './site-modules';
import { getOrCreateSiteValue } from './db/site-values.repository';
import { type TokenKeys, createTokenKeys, generateSecret } from './modules/auth/tokens';
import { createPageRenderer } from './modules/pages/page-renderer';
import { pageRoutes } from './modules/pages/pages.routes';
import { dashboardFirstView } from './modules/auth/dashboard-first-view';
import { dashboardCookie } from './modules/auth/dashboard-cookie';
import { PageReplay } from './modules/pages/page-replay';
import { previewCookie } from './modules/site-texts/preview-cookie';
import { rootFilesRoutes } from './modules/pages/root-files.routes';
import { authGuard } from './plugins/app/auth-guard';
import { auditActorContext } from './modules/audit/audit-actor';
import { housekeeping } from './plugins/app/housekeeping';
import { contentSchedule } from './plugins/app/content-schedule';
import type { Site } from './backup/backup';
import { backupRoutes } from './backup/backup.routes';
import { createSiteBackups, siteOf } from './backup/site-backups';
import { createBackupStorage } from './storage/site-storage';
import { inquiryServices } from './plugins/app/inquiries';
import { publicAddress } from './plugins/app/public-address';
import { storedPublicOrigin } from './modules/site-address/site-address.service';
import { shippedOrigin } from './modules/site-address/public-origin';
import { problemDetails } from './plugins/app/problem-details';
import { sendProblem } from './lib/send-problem';
import { storableText } from './plugins/app/storable-text';
import { RequestLogController } from './lib/request-log';
import { answers } from './plugins/app/answers';
import { metrics } from './plugins/app/metrics';
import { operationsPaths, operationsRoutes } from './modules/operations/operations.routes';
import { loggerOptions } from './lib/logger';
import { compression } from './plugins/external/compress';
import { securityHeaders } from './plugins/app/security-headers';
import { webAssets } from './plugins/external/static';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DatabaseHandle['kind'];
    tokenKeys: TokenKeys;
    formTokens: FormTokens;
    /** The time now, for what depends on the day (the inbox's unanswered flag); tests pass a fixed one. */
    clock: () => Date;
  }
}

export type AppOptions = {
  /** An already opened database (tests pass one); otherwise opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Logger setting; tests turn it off. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them to check what is and is not logged). */
  logStream?: DestinationStream;
  /** Called for every route as it is registered (the fuzz tests collect the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** The site the server's backups read, where it is not the one the config names (tests pass their database). */
  backupSite?: Site;
  /** The time now where a rule depends on it (tests fix it); otherwise the system's. */
  clock?: () => Date;
  /** The site's modules (site-modules.ts); tests add one of their own (a stand-in user of the file library). */
  modules?: readonly SiteModule[];
  /** How long after a scheduled change's moment the content version moves (decision 063); tests shorten it. */
  scheduleMarginMs?: number;
};

/** Builds the whole application: database ready and migrated, every plugin and route registered. */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  // Kept pages are answered before Fastify once the app is built (decision 039).
  const replay = new PageReplay();
  const modules = options.modules ?? siteModules;
  const app = Fastify({
    serverFactory: (handler, settings) => {
      const server = http.createServer((request, response) => {
        if (!replay.serve(request, response)) handler(request, response);
      });
      // As Fastify sets up the server it makes itself (the settings with its defaults filled in).
      server.keepAliveTimeout = Number(settings['keepAliveTimeout']);
      server.requestTimeout = Number(settings['requestTimeout']);
      server.setTimeout(Number(settings['connectionTimeout']));
      return server;
    },
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    // One line per request instead of two (lib/request-log.ts).
    logController: new RequestLogController(),
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    connectionTimeout: config.timeouts.idleMs,
    requestTimeout: config.timeouts.requestMs,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    return503OnClosing: true,
    // Start-up work (sample content on an empty database) may take long on a busy small machine.
    pluginTimeout: 300_000,
    // Errors raised by the router before any route runs: problem details too.
    frameworkErrors: (error, _request, reply) => {
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendProblem(reply, 414, 'validation', 'A path parameter is too long');
      return sendProblem(reply, 400, 'validation', 'The request path is malformed');
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // SQLite: one server per data directory (db/instance-lock.ts); a second stops here.
  const unlock = !options.database && !config.databaseUrl ? lockDataDir(config.dataDir) : undefined;
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', file: sqliteFileIn(config.dataDir) },
    ).catch((error: unknown) => {
      unlock?.();
      throw error;
    }));
  // PostgreSQL: every server holds the site lock shared, so that the admin commands that change
  // the schema refuse while any runs (decision 023). Taken before migrating: servers starting
  // together all hold it, and Kysely's migrator lets one of them migrate at a time.
  let siteLock: SharedSiteLock | undefined;
  if (!options.database && config.databaseUrl) {
    const url = config.databaseUrl;
    siteLock = await holdSharedSiteLock(url, app.log).catch(async (error: unknown) => {
      await database.db.destroy();
      throw new DatabaseUnavailableError(`Cannot connect to PostgreSQL: ${(error as Error).message}`);
    });
  }
  if (!options.database)
    app.addHook('onClose', async () => {
      await database.db.destroy();
      await siteLock?.release();
      unlock?.();
    });
  await migrateToLatest(database.db);
  await ensureAdmin(database.db, config.admin, app.log);
  if (!config.jwtSecret) {
    app.log.info(
      'JWT_SECRET is not set: the sign-in signing key is kept in the database; in production set JWT_SECRET or JWT_SECRET_FILE',
    );
  }
  const secret = config.jwtSecret ?? (await getOrCreateSiteValue(database.db, 'jwt_secret', generateSecret));

  app.decorate('config', config);
  app.decorate('clock', options.clock ?? (() => new Date()));
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('tokenKeys', createTokenKeys(secret, config.tokenTtlSeconds));
  app.decorate('formTokens', createFormTokens(secret));
  // Callbacks, not async functions, for the hooks every request passes (decision 038).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // Once shutting down, an answer to a request still in flight closes its connection, and
  // connections that turn idle later (a streamed answer finishing after close began) are closed
  // as they do, so that closing does not wait for a client's keep-alive to run out.
  let closing = false;
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    replay.stop();
    idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
    idleSweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(idleSweep));
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await app.register(answers);
  await app.register(metrics);
  await app.register(problemDetails);
  await app.register(storableText);
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(cookie);
  await app.register(authGuard);
  await app.register(auditActorContext);
  await app.register(contentReads, { newClient: database.newClient });
  await app.register(publicAddress);
  await app.register(siteStorage);
  await app.register(sampleContent);
  await app.register(inquiryServices, { modules });
  const backupStorage = await createBackupStorage(config);
  app.addHook('onClose', async () => backupStorage.close());
  const backups = createSiteBackups({
    site: options.backupSite ?? siteOf(config),
    db: app.db,
    storage: backupStorage.storage,
    log: app.log.child({ module: 'backup' }),
    ...config.backups,
  });
  await app.register(housekeeping, { modules: modules, tasks: [backups.scheduledTask()] });
  await app.register(contentSchedule, {
    modules,
    ...(options.scheduleMarginMs === undefined ? {} : { marginMs: options.scheduleMarginMs }),
  });
  await app.register(statisticsCounting);
  await app.register(operationsRoutes);
  // Redirects answer before every route, kept pages included (decision 047); their API reads app.redirects.
  const redirects = createRedirects(app);
  await app.register(redirectAnswers, redirects);

  // The texts the build ships, read once: the site texts' API and the public pages edit over them.
  const shipped = shippedTexts(config.webDist, config.webLocales);
  app.decorate('shippedTexts', shipped);
  // Every module's API (site-modules.ts: one list, one record per module), and the backups'.
  await app.register(
    async (api) => {
      for (const module of modules) if (module.routes) await api.register(module.routes, { modules });
      await api.register(backupRoutes, { backups });
    },
    { prefix: apiPrefix },
  );
  const reads = { db: app.db, contentReads: app.contentReads };
  const withheld = [withheldProjectMedia(reads), withheldFileMedia(reads)];
  await app.register(mediaRoutes, {
    withheld: async (key) => (await Promise.all(withheld.map((isWithheld) => isWithheld(key)))).some(Boolean),
  });
  await app.register(fileAddressRoutes);
  // Modules' own addresses outside the API (the news feed), before the pages' routes.
  for (const module of modules) if (module.siteRoutes) await app.register(module.siteRoutes);
  await app.register(webAssets, { webDist: config.webDist });
  const renderer = createPageRenderer(config.webDist, config.siteUrl ?? shippedOrigin, app.log);
  const contents = createPageContents(
    {
      ...reads,
      staffWithToken: app.staffWithToken,
      siteUrl: config.siteUrl,
      pageLinks: customPageLinks,
      newsLinked: () => newsVisible({ ...reads, config }, app.clock()),
    },
    shipped,
  );
  const answerNotFound = notFoundAnswer({ ...redirects, contents, shippedCommon: (lang) => shipped.tree(lang, 'common') });
  await app.register(siteTextFilesRoutes, { shipped });
  await app.register(pageRoutes, {
    webDist: config.webDist,
    asBuiltOrigin: config.siteUrl ?? shippedOrigin,
    renderer,
    fillers: pageFillersOf({ ...reads, config: app.config, clock: app.clock }, renderer, modules),
    contents,
    confirmationMail: config.contact.confirmationMail,
    onCacheLookup: (hit) => app.metrics.cacheLookups.inc({ cache: 'page', result: hit ? 'hit' : 'miss' }),
    mediaOrigin: config.mediaPublicUrl && new URL(config.mediaPublicUrl).origin,
    replay,
    firstView: dashboardFirstView(app),
  });
  await app.register(rootFilesRoutes, {
    webDist: config.webDist,
    contents,
    drawnIcons: drawnSiteIcons(reads, app.media),
    sitemap: {
      // Per Berlin day too: a job past its valid-through day leaves the sitemap at midnight.
      version: async () => `${await app.contentReads.version()}-${berlinDate()}`,
      origin: async () => (await storedPublicOrigin(app.db, config.siteUrl)).origin,
      sources: sitemapSourcesOf(app.db, modules, app.clock),
    },
  });

  // The operations paths are not pages: /metrics without METRICS_TOKEN is a plain 404, not a redirect.
  const notPages = new Set<string>(Object.values(operationsPaths));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.toLowerCase();
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|assets|media|\.well-known)(\/|$)/.test(path) &&
      !notPages.has(path.replace(/\/+$/, ''));
    // SPEC.md's redirect home, or the not-found page an admin chose; counted in the not-found log.
    if (isPage) return answerNotFound(request, reply);
    return sendProblem(reply, 404, 'not_found', `No resource at ${request.method} ${path}`);
  });

  replay.start({
    knownVersion: app.contentVersion.known,
    answers: app.answers,
    log: app.log,
    trustProxy: config.trustProxy,
    staffCookieNames: [
      previewCookie(true).name,
      previewCookie(false).name,
      dashboardCookie(true).name,
      dashboardCookie(false).name,
    ],
    onReplay: () => app.metrics.cacheLookups.inc({ cache: 'replay', result: 'hit' }),
  });
  return app;
}
