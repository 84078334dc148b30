import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type ContactFormState,
  type PageData,
  type PageKey,
  apiRoutes,
  apiUrl,
  type SiteLanguage,
  contactFormStateKey,
  inquiryReferenceParam,
  inquiryReferencePattern,
  inquirySentParam,
  pageKeys,
  pages,
  languageCookieName,
} from '@blitz/contract';
import { isDatabaseUnavailable } from '../../db/errors';
import { sendEncoded } from '../../lib/encoded-body';
import { matchesEtag } from '../../lib/etag';
import { sendProblem } from '../../lib/send-problem';
import type { PageContent, PageContents } from './page-content';
import { PageCache, finishPage, keptForOthers, normalizedUrl } from './page-cache';
import { withFirstView } from './first-view-document';
import { PageFiles } from './page-files';
import { type PageFiller, contentFiller } from './page-filler';
import { PageHeaderSets, pageLanguage, setPageHeaders } from './page-headers';
import type { PageRenderer } from './page-renderer';
import type { PageReplay } from './page-replay';

const oneYear = 365 * 24 * 3600;

/** Serves a page made for one answer: with the footer form's state (a form sent without JavaScript). */
export type ServeFormPage = (
  page: PageKey,
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  state: ContactFormState,
) => Promise<FastifyReply>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders a page with the footer form's state, for the contact route's answers to forms sent without JavaScript. */
    serveFormPage: ServeFormPage;
  }
}

export type PageRoutesOptions = {
  webDist: string;
  /**
   * The public origin of a page served as built: SITE_URL, else the shipped one. A page is served
   * as built only while the company details are the shipped ones (whose website is the shipped
   * origin); every other page is rendered with the origin of its content (PageContent.origin).
   */
  asBuiltOrigin: string;
  fillers?: Partial<Record<PageKey, PageFiller>>;
  /** Renders the pages without a filler, for the answers made for one request (the footer form's state). */
  renderer?: PageRenderer;
  /** Told whether each lookup in the finished-page cache found the page (the metrics count them). */
  onCacheLookup?: (hit: boolean) => void;
  /** The origin pictures are served from when not the site's own (MEDIA_PUBLIC_URL): allowed in img-src. */
  mediaOrigin?: string | undefined;
  /** The texts and company details every page is rendered with. */
  contents: PageContents;
  /** Whether a sender gets a confirmation mail (CONFIRMATION_MAIL): the form says so once sent. */
  confirmationMail?: boolean;
  /** Kept pages answered before Fastify (page-replay.ts): the kept pages sent here are offered to it. */
  replay?: PageReplay | undefined;
  /** /dashboard's first view, rendered by the server for a staff member who signed in (modules/auth/dashboard-first-view.ts). */
  firstView?: {
    /** Whether the request names a sign-in: its /dashboard is that person's alone, never replayed. */
    hasSignIn(request: FastifyRequest): boolean;
    /** The answers the first view is rendered from; undefined: the page as built, rendered in the browser. */
    read(request: FastifyRequest, reply: FastifyReply): Promise<PageData | undefined>;
  };
};

/**
 * The footer form's state an address asks for: ?inquiry=sent is where a form sent without
 * JavaScript comes back to, showing the success notice; with its reference (&reference=…), the
 * form's place confirms it, as after a send with the form's script.
 */
function requestedFormState(request: FastifyRequest, confirmationMail: boolean): ContactFormState | undefined {
  const query = request.query as Record<string, unknown>;
  if (query[inquirySentParam] !== 'sent') return undefined;
  const reference = query[inquiryReferenceParam];
  if (typeof reference !== 'string' || !inquiryReferencePattern.test(reference)) return { notice: { kind: 'success' } };
  return { notice: { kind: 'success', sent: { reference, confirmationMail } } };
}

/** The inquiry types the content's form offers (`?subject=` may choose one); undefined: SPEC.md's three. */
const formTypes = (content: PageContent) => content.render.inquiryForm?.types.map((type) => type.key);

const pagesPlugin: FastifyPluginAsync<PageRoutesOptions> = async (app, options) => {
  const files = new PageFiles(options.webDist, options.asBuiltOrigin);
  // Finished pages per address, language and content version, each made once (page-cache.ts).
  const finished = new PageCache();
  const headerSets = new PageHeaderSets(options.mediaOrigin);
  // The address a page is kept under, per page and address asked for (a small bounded memo:
  // parsing an address costs more than looking it up).
  const normalized = new Map<string, string>();
  const normalizedFor = (page: PageKey, url: string, content: PageContent) => {
    const key = `${page} ${content.key} ${url}`;
    let found = normalized.get(key);
    if (found === undefined) {
      found = normalizedUrl(url, page, formTypes(content));
      if (normalized.size >= 1000) normalized.clear();
      normalized.set(key, found);
    }
    return found;
  };
  const fillerOf = (page: PageKey): PageFiller =>
    options.fillers?.[page] ?? contentFiller(page, options.renderer, () => options.contents.version());

  /**
   * An address whose page is not there (one staff added, unpublished or never made): the site's
   * not-found answer (the redirect home or the not-found page, and the not-found log), without
   * the headers the page had been given.
   */
  function notFound(request: FastifyRequest, reply: FastifyReply) {
    const manifest = files.manifest();
    if (manifest) {
      const { lang } = pageLanguage(request);
      for (const name of Object.keys(headerSets.get('customPage', lang, request.protocol === 'https', manifest)))
        reply.removeHeader(name);
    }
    reply.removeHeader('etag').callNotFound();
    return reply;
  }

  /** A page made for this answer alone (with the footer form's state): not kept, not cached. */
  async function serveWithState(
    page: PageKey,
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    state: ContactFormState,
  ) {
    const { lang } = pageLanguage(request);
    const file = await files.get(page, lang);
    if (!file) return sendProblem(reply, 503, 'service_unavailable', 'The web app is not built; run npm run build');
    const prerendered = file.raw.toString('utf8');
    const extra = { [contactFormStateKey]: state };
    // The form comes back even while the database is down (its refusal may be why): with the
    // texts and details last read, or as built.
    const content = await options.contents
      .published(lang)
      .then(async (published) => (await options.contents.preview(request, reply, lang)) ?? published)
      .catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        return undefined;
      });
    const made = content
      ? await fillerOf(page).fill(request, lang, prerendered, normalizedUrl(url, page, formTypes(content)), content, extra)
      : { html: (await options.renderer?.render(prerendered, page, url, lang, extra)) ?? prerendered };
    // A refused form whose page is gone meanwhile (a project removed): shown on the contact page
    // rather than lost in a redirect. So is any answer for a page that is not there.
    if ((('redirect' in made && state.values) || 'notFound' in made) && page !== 'contactus')
      return app.serveFormPage('contactus', request, reply, pages.contactus.path, state);
    if ('notFound' in made) return notFound(request, reply);
    if ('redirect' in made) return reply.header('cache-control', 'no-store').redirect(made.redirect, 303);
    reply.removeHeader('etag');
    return reply.header('cache-control', 'no-store').send(made.html);
  }

  /**
   * The page without its data: the app shows its error state and offers to retry; crawlers are
   * told to come back rather than index an empty gallery.
   */
  function withoutData(request: FastifyRequest, reply: FastifyReply, prerendered: Buffer, error: unknown) {
    request.log.warn({ err: error }, 'database unavailable; page served without its data');
    reply.removeHeader('etag');
    return reply.status(503).header('retry-after', '5').header('cache-control', 'no-store').send(prerendered);
  }

  /** A page with the drafts of the texts, for the staff member previewing them: made for this request alone. */
  async function servePreview(
    page: PageKey,
    request: FastifyRequest,
    reply: FastifyReply,
    lang: SiteLanguage,
    prerendered: string,
    content: PageContent,
  ) {
    const made = await fillerOf(page).fill(
      request,
      lang,
      prerendered,
      normalizedUrl(request.url, page, formTypes(content)),
      content,
    );
    if ('notFound' in made) return notFound(request, reply);
    reply.removeHeader('etag').header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    if ('redirect' in made) return reply.redirect(made.redirect, 302);
    // The full stylesheet at once: the page's inline CSS was cut to the built page, which has no
    // preview banner (and a draft may need rules the built page did not). `data-preview` tells the
    // head's script not to store the page's language as the staff member's (language.ts).
    return reply.send(
      made.html
        .replace(/<noscript>\s*(<link rel="stylesheet"[^>]*>)\s*<\/noscript>/, '$1')
        .replace(/<html(?=[\s>])/, '<html data-preview'),
    );
  }

  /**
   * /dashboard with its first view rendered (decision 067): made for this request alone, never
   * kept or replayed. False where it cannot be (no first view for this request, no renderer).
   */
  async function serveFirstView(
    request: FastifyRequest,
    reply: FastifyReply,
    lang: SiteLanguage,
    document: Buffer,
    content: PageContent,
  ) {
    const firstView = await options.firstView?.read(request, reply).catch((error: unknown) => {
      request.log.error({ err: error }, 'reading the dashboard’s first view failed; the page renders it in the browser');
      return undefined;
    });
    if (!firstView) return false;
    const data = { [apiUrl(apiRoutes.companyDetails)]: content.render.company, ...firstView };
    const html = await options.renderer?.render(document.toString('utf8'), 'dashboard', request.url, lang, data, content);
    if (html === undefined) return false;
    reply.removeHeader('etag').header('cache-control', 'no-store').header('vary', 'cookie').send(withFirstView(html));
    return true;
  }

  async function servePage(page: PageKey, request: FastifyRequest, reply: FastifyReply) {
    // Before anything is read: a kept page is replayed only while this version stays known.
    const versionAtStart = options.replay?.knownVersion();
    const manifest = files.manifest();
    // Without a build no page staff added can be shown: an address of one segment is then "not found", as before.
    if (!manifest && page === 'customPage') return notFound(request, reply);
    const { lang, fromQuery } = pageLanguage(request);
    const file = manifest && (await files.get(page, lang));
    if (!manifest || !file) return sendProblem(reply, 503, 'service_unavailable', 'The web app is not built; run npm run build');
    // ?lang= is the visitor's choice, kept for the next visit; never a preview's (a staff member
    // previewing the English page keeps the language they chose for themselves and the dashboard).
    const rememberLanguage = () => {
      if (!fromQuery) return;
      reply.setCookie(languageCookieName(request.protocol === 'https'), lang, {
        path: '/',
        maxAge: oneYear,
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
    };
    reply.headers(headerSets.get(page, lang, request.protocol === 'https', manifest)).header('etag', file.etag);
    const state = requestedFormState(request, options.confirmationMail ?? true);
    if (state) {
      rememberLanguage();
      return serveWithState(page, request, reply, request.url, state);
    }
    // The staff's pages (login, dashboard) show the company's details too (title,
    // description, og:site_name, footer), never a preview of drafts.
    const previews = !pages[page].staff;
    const ownData = options.fillers?.[page];
    let content: PageContent | undefined;
    let dataVersion = '';
    let builtAsIs = false;
    try {
      // The version of the page's own data first: what it is then rendered from is at least as
      // new as the version it is kept under, never older.
      if (ownData) dataVersion = await ownData.version();
      content =
        (previews ? await options.contents.preview(request, reply, lang) : undefined) ?? (await options.contents.published(lang));
      if (ownData?.builtAsIs && content?.asBuilt && !content.preview) builtAsIs = await ownData.builtAsIs(lang);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      // Neither the data nor the texts and details (none read since the start): not the sample's
      // details in place of the company's, but "come back".
      rememberLanguage();
      return withoutData(request, reply, file.raw, error);
    }
    if (content?.preview) return servePreview(page, request, reply, lang, file.raw.toString('utf8'), content);
    rememberLanguage();
    // The staff member's own inbox is not a page for anyone else: never offered to the replay either.
    const ownDashboard = page === 'dashboard' && options.firstView?.hasSignIn(request) === true;
    if (ownDashboard && content && (await serveFirstView(request, reply, lang, file.raw, content))) return reply;
    const filler = builtAsIs ? undefined : (ownData ?? (content && !content.asBuilt ? fillerOf(page) : undefined));
    if (filler && content) {
      // Kept and rendered under the parameters the page reads: any other makes no page of its own.
      const url = normalizedFor(page, request.url, content);
      const key = `${lang} ${url}`;
      let made;
      try {
        // A page with no data of its own is made from the content alone: its version is the content's key.
        const version = ownData ? dataVersion : content.key;
        // The ETag names what the page is made from: the build's page, its language, the content version.
        const etag = `"${file.etag.slice(1, -1)}-${lang}-${version}"`;
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.header('etag', etag).status(304).send();
        made = await finished.getOrMake(
          key,
          version,
          async () => {
            const filled = await filler.fill(request, lang, file.raw.toString('utf8'), url, content);
            if (!('html' in filled) || !filled.rendered) return filled;
            const page = await finishPage(filled.html, etag);
            if (keptForOthers(url)) finished.set(key, version, page);
            return page;
          },
          options.onCacheLookup,
        );
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        return withoutData(request, reply, file.raw, error);
      }
      if ('notFound' in made) return notFound(request, reply);
      if ('redirect' in made) return reply.removeHeader('etag').header('cache-control', 'no-store').redirect(made.redirect, 302);
      if ('html' in made) {
        // Not rendered (no server bundle, or rendering failed): sent as it is, compressed per
        // response, not kept, and without an ETag to come back with.
        reply.removeHeader('etag');
        return reply.send(made.html);
      }
      reply.header('etag', made.etag);
      if (keptForOthers(url) && !ownDashboard) options.replay?.offer(request, made, versionAtStart);
      return sendEncoded(request, reply, made);
    }
    if (matchesEtag(request.headers['if-none-match'], file.etag)) return reply.status(304).send();
    if (content && !ownDashboard) options.replay?.offer(request, file, versionAtStart);
    return sendEncoded(request, reply, file);
  }

  for (const page of pageKeys) {
    app.get(pages[page].path, (request, reply) => servePage(page, request, reply));
  }
  // The sign-in form sent without its script (signing in needs JavaScript, as its page says): back
  // to the page, not an error; its body, a name and a password, is accepted unread.
  await app.register(async (signIn) => {
    signIn.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 8192 },
      (_request, _body, done) => done(null, undefined),
    );
    signIn.post(pages.login.path, async (request, reply) => reply.header('cache-control', 'no-store').redirect(request.url, 303));
  });
  const replay = options.replay;
  if (replay) {
    // Registered after every other plugin's onSend hook: the answer is kept with the headers they set.
    app.addHook('onSend', (request, reply, payload, done) => {
      replay.capture(request, reply);
      done(null, payload);
    });
  }

  app.decorate('serveFormPage', async (page, request, reply, url, state) => {
    const { lang } = pageLanguage(request);
    // The refused form's page shows the same pictures as the page itself (a project, the gallery).
    setPageHeaders(request, reply, page, lang, files.manifest(), options.mediaOrigin).header('x-robots-tag', 'noindex, nofollow');
    return serveWithState(page, request, reply, url, state);
  });
};

/** Every page of the site, and `app.serveFormPage` for the contact route (so: not encapsulated). */
export const pageRoutes = fp(pagesPlugin, { name: 'pages' });
