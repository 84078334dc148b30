import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fileAddressPrefix } from '@blitz/contract';
import type { StoredPicture } from '../../media/image-pipeline';
import { lockedDownCsp } from '../../lib/locked-down-csp';
import { publicFile } from './files.service';

/**
 * Asked again each time, answered 304 while the file is the same (its ETag changes with every
 * upload): a replaced file is served at once at its old address, to a browser, a proxy or a CDN
 * (decision 060). The renditions pages show are at /media/, kept for a year.
 */
const revalidated = 'public, no-cache';

/** A document is never shown in the site's origin: downloaded, and sandboxed should a browser render it anyway. */
const documentCsp = `${lockedDownCsp}; sandbox`;

/** The largest WebP rendition: what a picture's address serves (every browser shows WebP). */
function pictureKey(picture: StoredPicture): string | undefined {
  return picture.variants.filter((variant) => variant.type === 'image/webp').sort((a, b) => b.width - a.width)[0]?.key;
}

/**
 * The library's files at their public addresses, `/dateien/<id>/<name>` (the name is the one the
 * file was first uploaded with; any name, or none, serves the same file: the id decides). A file
 * unknown or in the trash is a page that leads nowhere (the site's not-found answer), not kept.
 */
export const fileAddressRoutes: FastifyPluginAsync = async (app) => {
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id: string };
    const row = /^\d{1,9}$/.test(id) ? await publicFile(app.db, Number(id)) : undefined;
    const key = row && (row.storage_key ?? (row.picture ? pictureKey(JSON.parse(row.picture) as StoredPicture) : undefined));
    if (!row || !key) {
      reply.header('cache-control', 'no-store');
      return reply.callNotFound();
    }
    const etag = `"${row.content_tag}"`;
    reply.header('cache-control', revalidated).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const object = await app.media.open(key);
    if (!object) {
      reply.header('cache-control', 'no-store');
      return reply.callNotFound();
    }
    if (row.kind === 'document') {
      reply
        .type(row.media_type)
        .header('content-disposition', contentDisposition(row.original_name))
        .header('content-security-policy', documentCsp);
    } else {
      reply.type('image/webp').header('content-disposition', contentDisposition(`${row.slug}.webp`, { type: 'inline' }));
    }
    return reply.header('content-length', String(object.size)).send(object.stream);
  };
  app.get(`${fileAddressPrefix}/:id`, serve);
  app.get(`${fileAddressPrefix}/:id/:name`, serve);
};
