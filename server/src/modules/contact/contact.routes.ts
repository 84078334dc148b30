import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactCreatedSchema, contactFormTokenSchema, apiRoutes, apiUrl } from '@blitz/contract';
import { isDatabaseUnavailable, isStorageFull } from '../../db/errors';
import { HttpError, serviceUnavailable } from '../../lib/http-error';
import { multipartSupport } from '../../plugins/external/multipart';
import { rateLimiting } from '../../plugins/external/rate-limit';
import { drainUnreadUpload } from '../../lib/upload-drain';
import { readFormFields } from './form-fields';
import { isFormTokenSpent } from './form-tokens.repository';
import { answerRefusedForm, returnTarget, sentAddress, wantsPage } from './contact-page-answers';
import { maxRequestBytes, multipartLimits, receiveInquiry, tooLarge } from './contact.service';

/**
 * The cookie that carries when a visitor first focused the footer form (a signed form token):
 * a form sent without JavaScript has no token field, so its fill time is measured from this.
 */
export const formStartCookie = 'contact-form-start';

/** How long closing waits for inquiries being received to clean up after themselves. */
const receiptWaitOnCloseMs = 5_000;

/** POST /api/v1/Contact: the footer form's inquiries (SPEC.md §7), stored before they are answered. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipartSupport, { limits: multipartLimits });
  await app.register(rateLimiting);

  // An answer given before the whole upload arrived (a limit, a bad file) must still reach the
  // client: the rest of the body is read and dropped, and the connection is not reused.
  app.addHook('onSend', drainUnreadUpload);

  // Inquiries being received: closing waits for them, so that an upload cut off by a shutdown
  // has removed its temporary files before the process exits.
  const receiving = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    // Bounded: a receipt stuck on a mangled body must not hold the shutdown up for good.
    const limit = new Promise((resolve) => setTimeout(resolve, receiptWaitOnCloseMs).unref());
    await Promise.race([Promise.allSettled([...receiving]), limit]);
  });

  // A form post from a browser without JavaScript gets pages, not problem details.
  const typedFields = new WeakMap<object, Map<string, string[]>>();
  app.setErrorHandler(async (error, request, reply) => {
    // An outage (the database away, the disk full) too: the visitor gets the page with the form
    // again, with the 503 and Retry-After that the script's post gets as problem details.
    const outage = isDatabaseUnavailable(error) ? 'database' : isStorageFull(error) ? 'storage' : undefined;
    if (request.method !== 'POST' || !wantsPage(request) || !(error instanceof HttpError || outage)) throw error;
    if (outage === 'database') request.log.warn({ err: error }, 'database unavailable; form shown again');
    if (outage === 'storage') request.log.error({ err: error }, 'storage full; form shown again');
    // Refused before its body was read (too many posts): the typed values are read now, so that
    // the form comes back with them, as with every other refusal.
    const typed =
      typedFields.get(request) ??
      (error instanceof HttpError && error.status === 429 ? await readFormFields(request) : undefined);
    return answerRefusedForm(request, reply, error instanceof HttpError ? error : serviceUnavailable(outage!), typed);
  });

  // Asked for by the form's stylesheet at the first focus into it (styles.css, .contact-form):
  // the moment the visitor began, signed, kept for a day. An existing valid one is kept, so that
  // opening another page does not restart the clock — unless an inquiry spent it: then the next
  // form starts a clock of its own, as the script's form fetches a new token after each send.
  app.get(apiRoutes.contact.formStart, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const kept = app.formTokens.check(request.cookies[formStartCookie]);
    if (kept === undefined || (await isFormTokenSpent(app.db, kept.id))) {
      reply.setCookie(formStartCookie, app.formTokens.issue(), {
        path: apiUrl(apiRoutes.contact.send),
        maxAge: 24 * 3600,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
      });
    }
    return reply.status(204).send();
  });

  app.get(apiRoutes.contact.formToken, { schema: { response: { 200: contactFormTokenSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { token: app.formTokens.issue() };
  });

  app.post(
    apiRoutes.contact.send,
    {
      bodyLimit: maxRequestBytes,
      config: { rateLimit: { max: app.config.contact.rateLimit, timeWindow: 10 * 60_000 } },
      schema: { response: { 201: contactCreatedSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (Number(request.headers['content-length'] ?? 0) > maxRequestBytes) {
        throw tooLarge(`The request is larger than ${Math.floor(maxRequestBytes / 1024 / 1024)} MB`);
      }
      if (!request.isMultipart()) {
        throw new HttpError(415, 'unsupported_media_type', 'Send the form as multipart/form-data');
      }
      app.metrics.inquiriesReceived.inc();
      const receipt = receiveInquiry(request.parts(), {
        db: app.db,
        store: app.attachments,
        scanner: app.malwareScanner,
        config: app.config,
        kickOutbox: () => app.outbox.kick(),
        formTokens: app.formTokens,
        log: request.log,
        formStartToken: request.cookies[formStartCookie],
        onFields: (fields) => typedFields.set(request, fields),
        onStored: (stored) => {
          app.metrics.inquiriesStored.inc();
          if (stored.spam) app.metrics.inquiriesSpam.inc();
          else app.statistics?.inquiryReceived(request, stored);
        },
      });
      receiving.add(receipt);
      try {
        const created = await receipt;
        if (wantsPage(request)) {
          const { url } = returnTarget(request, typedFields.get(request)?.get('returnTo')?.[0]);
          return reply.redirect(sentAddress(url, created.reference), 303);
        }
        return reply.status(201).send(created);
      } finally {
        receiving.delete(receipt);
      }
    },
  );
};
