/** The address a stored picture's file is served at, from its media key. */
export type MediaAddress = (key: string) => string;

/** Pictures served by the site itself, at /media/ (media.routes.ts). */
export const mediaUrl: MediaAddress = (key) => `/media/${key}`;

/** Picture addresses under MEDIA_PUBLIC_URL (a CDN in front of the bucket) when it is set, else the site's /media/. */
export function mediaAddress(publicBase: string | undefined): MediaAddress {
  return publicBase ? (key) => `${publicBase}${key}` : mediaUrl;
}
