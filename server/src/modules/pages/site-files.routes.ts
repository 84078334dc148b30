import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { matchesEtag } from '../../lib/etag';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendProblem } from '../../lib/send-problem';
import { readCompanySettings } from '../company/company-reads';
import { securityTxt, siteIcons, webManifest } from './site-files';

export type SiteFilesRoutesOptions = {
  webDist: string;
  /** The public origin (SITE_URL): security.txt names its canonical address on it. */
  siteUrl: string;
};

type Kept = { body: Buffer; etag: string };

const oneDay = 'public, max-age=86400';

function kept(body: Buffer | string): Kept {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return { body: bytes, etag: `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 16)}"` };
}

/** Sends a small file with its ETag, or 304 when the client's copy is the same. */
function send(request: FastifyRequest, reply: FastifyReply, type: string, file: Kept) {
  reply.type(type).header('cache-control', oneDay).header('etag', file.etag);
  if (matchesEtag(request.headers['if-none-match'], file.etag)) {
    return reply.status(304).send();
  }
  return reply.send(file.body);
}

/**
 * The addresses browsers, phones and crawlers ask for at the site's root: the icons, the web app
 * manifest and security.txt. (Unserved, they would fall to the unknown-page redirect and get
 * the 72 KB home page.) The link-preview picture is an asset of the web build (/assets/og-image-…).
 * The manifest and security.txt name the company as staff saved it: each is made again when the
 * detail it names changes (read per content version, company-reads.ts), else kept.
 */
export const siteFilesRoutes: FastifyPluginAsync<SiteFilesRoutesOptions> = async (app, options) => {
  // Read on first request and kept: a few kilobytes, and the build may be made after the server starts.
  const icons = new Map<string, Kept>();
  for (const icon of siteIcons) {
    app.get(icon.path, async (request, reply) => {
      let file = icons.get(icon.file);
      if (!file) {
        const bytes = await fs.promises.readFile(path.join(options.webDist, icon.file)).catch(() => undefined);
        if (!bytes) return sendProblem(reply, 404, 'not_found', `No ${icon.file} in the web build`);
        file = kept(bytes);
        icons.set(icon.file, file);
      }
      return send(request, reply, icon.type, file);
    });
  }

  let manifest: { name: string; file: Kept } | undefined;
  app.get('/site.webmanifest', async (request, reply) => {
    const { name } = (await readCompanySettings(app)).value;
    if (manifest?.name !== name) manifest = { name, file: kept(webManifest(name)) };
    return send(request, reply, 'application/manifest+json; charset=utf-8', manifest.file);
  });

  let security: { day: string; email: string; file: Kept } | undefined;
  app.get('/.well-known/security.txt', async (request, reply) => {
    const { email } = (await readCompanySettings(app)).value;
    const today = new Date().toISOString().slice(0, 10);
    if (security?.day !== today || security.email !== email) {
      security = { day: today, email, file: kept(securityTxt(options.siteUrl, email)) };
    }
    return send(request, reply, 'text/plain; charset=utf-8', security.file);
  });
  // RFC 9116 §3: the old address may lead to the file under /.well-known.
  app.get('/security.txt', (_request, reply) => reply.redirect('/.well-known/security.txt', 301));
};
