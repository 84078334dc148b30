import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { berlinYear, fillPlaceholders, isSiteLanguage, isTranslationNamespace, sharedPlaceholderValues } from '@blitz/contract';
import { matchesEtag } from '../../lib/etag';
import { sendProblem } from '../../lib/send-problem';
import { sendRead } from '../content/content-reads';
import { readCompanyDetails } from '../company/company-reads';
import type { ShippedTexts } from './shipped-texts';
import { readSiteTexts } from './site-text-reads';

/** Every string of a locale file with the shared placeholders filled (a text's own, `{{count}}`, stay). */
function withCompany(node: unknown, values: Record<string, string>): unknown {
  if (typeof node === 'string') return fillPlaceholders(node, values);
  if (Array.isArray(node)) return node.map((item) => withCompany(item, values));
  if (node && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, withCompany(child, values)]));
  return node;
}

/**
 * The translations the browser loads (`/assets/i18n/{lang}.json`, `/assets/i18n/{namespace}/{lang}.json`)
 * as published, with the company's saved details in them: the same texts the server rendered the
 * page with. Revalidated by an ETag naming the build's texts and the content version, so that a
 * browser never mixes the texts of two versions or two releases (decision 022).
 */
export const siteTextFilesRoutes: FastifyPluginAsync<{ shipped: ShippedTexts }> = async (app, { shipped }) => {
  async function serve(request: FastifyRequest, reply: FastifyReply, namespace: string, file: string) {
    const lang = file.replace(/\.json$/, '');
    if (!file.endsWith('.json') || !isSiteLanguage(lang) || !isTranslationNamespace(namespace)) {
      return sendProblem(reply, 404, 'not_found', `No translations at ${request.url.split('?')[0]}`);
    }
    // Named by the build's texts, the content version and the year ({{year}} is filled here): a new
    // release, a publish or a new year is a new file.
    const year = berlinYear();
    const etag = `"i18n-${shipped.id()}-${await app.contentReads.version()}-${year}"`;
    reply.header('etag', etag).header('vary', 'Accept-Encoding');
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.header('cache-control', 'no-cache').status(304).send();
    const read = await app.contentReads.read(`translations ${lang} ${namespace} ${year}`, async () => {
      const [{ value: texts }, { value: company }] = await Promise.all([
        readSiteTexts(app, shipped, lang),
        readCompanyDetails(app),
      ]);
      return withCompany(texts[namespace] ?? {}, sharedPlaceholderValues(company));
    });
    return sendRead(request, reply, read);
  }
  app.get<{ Params: { file: string } }>('/assets/i18n/:file', (request, reply) =>
    serve(request, reply, 'common', request.params.file),
  );
  app.get<{ Params: { namespace: string; file: string } }>('/assets/i18n/:namespace/:file', (request, reply) =>
    serve(request, reply, request.params.namespace, request.params.file),
  );
};
