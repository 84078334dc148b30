import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PageData, PageKey, SiteLanguage } from '@blitz/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { OutboxHandler } from '../../mail/outbox';
import type { ObjectStorage } from '../../storage/object-storage';
import type { StoredFiles } from '../../storage/stored-files';
import type { ReadDeps } from '../content/content-reads';
import type { ScheduledChanges } from '../content/content-schedule';
import type { HousekeepingTask } from '../housekeeping/housekeeping';
import type { PageRenderer } from '../pages/page-renderer';
import type { PageFiller } from '../pages/page-filler';
import type { SitemapSource } from '../pages/site-index';
import type { FileUsageSource } from './file-usage';
import type { TrashAdapter } from './trash-adapter';

/**
 * What a module's page fillers read with: the public reads, the pictures' address (the site's
 * comes with each page's content), and the app's clock (what visitors see of a scheduled post).
 */
export type PageFillerDeps = ReadDeps & {
  config: Pick<Config, 'mediaPublicUrl' | 'contactToBySubject' | 'mailFrom'>;
  clock: () => Date;
};

/**
 * Data a module adds to a page another module fills (the newest posts on the home page): read in
 * the page's language with the page, kept with it per content version. Empty: the page shows
 * nothing of it (and may be the build's page as it is).
 */
export type PageDataSource = (lang: SiteLanguage) => Promise<PageData>;

/** What a module's API routes are handed: the whole list (the trash reads every module's adapter from it). */
export type SiteRouteOptions = { modules: readonly SiteModule[] };

/**
 * What a module's outbox handlers are made with; `messageIdDomain` is the outbox's (a handler
 * naming an earlier mail, as a reply its confirmation in `In-Reply-To`, builds its Message-ID).
 */
export type OutboxHandlerDeps = { config: Config; attachments: ObjectStorage; messageIdDomain: (db: Db) => Promise<string> };

/** What a module's housekeeping tasks are made with. */
export type HousekeepingDeps = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  media: ObjectStorage;
  attachments: ObjectStorage;
  /** Whether mail leaves through a mail server (SMTP_URL), not the log. */
  mailServer: boolean;
  /** The app's clock (`app.clock`): the time a task counts its periods from. */
  clock: () => Date;
  /** Looks for due mail now, after a task queued one. */
  kickOutbox: () => void;
  /** The whole list (the trash purges every module's items). */
  modules: readonly SiteModule[];
};

/**
 * What one module adds to the app, in one record (issue 41, decision 046). `server/src/site-modules.ts`
 * keeps the one list of them; app.ts registers the routes, the pages and the sitemap from it, the
 * outbox (plugins/app/inquiries.ts) its handlers, the housekeeping (plugins/app/housekeeping.ts)
 * its tasks, backup and restore (backup/files-of-rows.ts) its stored files, and the trash its
 * adapters. The next module is a folder like modules/jobs/ and one line in that list. Every part
 * but the name is optional: a module has what it needs.
 */
export type SiteModule = {
  /** Its folder's name, used in the errors that name two modules claiming one thing. */
  name: string;
  /** Its API routes, registered under /api/v1. */
  routes?: FastifyPluginAsyncZod<SiteRouteOptions>;
  /** The public pages rendered from its content at request time, if any (each page filled by one module). */
  pageFillers?: (deps: PageFillerDeps, renderer: PageRenderer) => Partial<Record<PageKey, PageFiller>>;
  /** Data it adds to pages other modules fill (each page's filler is one module's). */
  pageData?: (deps: PageFillerDeps) => Partial<Record<PageKey, PageDataSource>>;
  /** Its public pages in the sitemap (`clock`: the app's, for what visitors see now). */
  sitemap?: (db: Db, clock: () => Date) => SitemapSource;
  /**
   * The mails it queues, by kind (the kind stored in `mail_outbox.kind`): what the outbox sends for
   * each. A kind belongs to one module.
   */
  outboxHandlers?: (deps: OutboxHandlerDeps) => Record<string, OutboxHandler>;
  /** Its part of the hourly clean-up (modules/housekeeping/housekeeping.ts). */
  housekeeping?: (deps: HousekeepingDeps) => HousekeepingTask[];
  /** Its tables whose rows name stored files: backup and restore take exactly the files these name. */
  storedFiles?: readonly StoredFiles[];
  /** Its items in the trash (deleted, restorable for 30 days). */
  trash?: TrashAdapter;
  /** Where its items use files of the library: asked before a file is deleted, shown as "used on" (decision 060). */
  fileUsage?: FileUsageSource;
  /**
   * Its routes outside the API, registered at the site's root before the pages (a feed): what
   * visitors and their readers fetch at an address of their own.
   */
  siteRoutes?: FastifyPluginAsync;
  /** When what visitors see of it changes by the clock alone (a scheduled post): the content version moves then (decision 063). */
  scheduledChanges?: ScheduledChanges;
};

/** Every module's page fillers in one map, as pages.routes.ts takes them. */
export function pageFillersOf(
  deps: PageFillerDeps,
  renderer: PageRenderer,
  modules: readonly SiteModule[],
): Partial<Record<PageKey, PageFiller>> {
  const fillers: Partial<Record<PageKey, PageFiller>> = {};
  const filledBy = new Map<string, string>();
  for (const module of modules) {
    for (const [page, filler] of Object.entries(module.pageFillers?.(deps, renderer) ?? {})) {
      const other = filledBy.get(page);
      if (other) throw new Error(`two modules fill the page ${page}: ${other} and ${module.name}`);
      filledBy.set(page, module.name);
      fillers[page as PageKey] = filler;
    }
  }
  for (const module of modules) {
    for (const [page, source] of Object.entries(module.pageData?.(deps) ?? {})) {
      const filler = fillers[page as PageKey];
      if (!filler) throw new Error(`${module.name} adds data to the page ${page}, which no module fills`);
      fillers[page as PageKey] = withPageData(filler, source);
    }
  }
  return fillers;
}

/**
 * A filler whose page is rendered with a source's data too. The page is the build's as it is only
 * while the source adds nothing; the source's data goes before `extra` (the footer form's state).
 */
function withPageData(filler: PageFiller, source: PageDataSource): PageFiller {
  const builtAsIs = filler.builtAsIs;
  return {
    version: () => filler.version(),
    ...(builtAsIs ? { builtAsIs: async (lang) => (await builtAsIs(lang)) && Object.keys(await source(lang)).length === 0 } : {}),
    fill: async (request, lang, prerendered, url, content, extra) =>
      filler.fill(request, lang, prerendered, url, content, { ...(await source(lang)), ...extra }),
  };
}

/** Every module's outbox handlers, by the kind of mail; the kinds the outbox knows are these keys. */
export function outboxHandlersOf(deps: OutboxHandlerDeps, modules: readonly SiteModule[]): Record<string, OutboxHandler> {
  const handlers: Record<string, OutboxHandler> = {};
  const handledBy = new Map<string, string>();
  for (const module of modules) {
    for (const [kind, handler] of Object.entries(module.outboxHandlers?.(deps) ?? {})) {
      const other = handledBy.get(kind);
      if (other) throw new Error(`two modules send the mail kind ${kind}: ${other} and ${module.name}`);
      handledBy.set(kind, module.name);
      handlers[kind] = handler;
    }
  }
  return handlers;
}

/** Every module's housekeeping tasks, in the list's order. */
export const housekeepingTasksOf = (deps: HousekeepingDeps, modules: readonly SiteModule[]): HousekeepingTask[] =>
  modules.flatMap((module) => module.housekeeping?.(deps) ?? []);

/** Every module's sitemap source, in the list's order. */
export const sitemapSourcesOf = (db: Db, modules: readonly SiteModule[], clock: () => Date): SitemapSource[] =>
  modules.flatMap((module) => (module.sitemap ? [module.sitemap(db, clock)] : []));

/** Every module's scheduled changes, in the list's order. */
export const scheduledChangesOf = (modules: readonly SiteModule[]): ScheduledChanges[] =>
  modules.flatMap((module) => (module.scheduledChanges ? [module.scheduledChanges] : []));

/** Every module's declarations of stored files. */
export const storedFilesOf = (modules: readonly SiteModule[]): StoredFiles[] =>
  modules.flatMap((module) => module.storedFiles ?? []);
