import type { PutOptions } from '../storage/object-storage';

/**
 * Public media (project pictures) are objects of the site's `media` storage (storage/), keyed
 * `projects/<content hash>-<width>.<avif|webp>` by the picture pipeline.
 */

/** Keys are lower-case relative names without dot segments: nothing can point outside the root. */
export const mediaKeyPattern = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_-]*\.[a-z0-9]{2,5}$/;

export const mediaContentTypes: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  // The icons and link-preview pictures drawn from the company's logo.
  png: 'image/png',
  ico: 'image/x-icon',
};

/** Names carry the hash of their content, so an answer never changes: a year, without asking again. */
export const immutableCaching = 'public, max-age=31536000, immutable';

/**
 * How a picture is stored: with its type and caching, which a CDN reading the bucket directly
 * passes on as the site's /media/ route would answer.
 */
export function pictureObjectOptions(key: string): PutOptions {
  const type = mediaContentTypes[key.slice(key.lastIndexOf('.') + 1)];
  return { ...(type ? { contentType: type } : {}), cacheControl: immutableCaching };
}
