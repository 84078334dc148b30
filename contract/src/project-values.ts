// Zod-free: the dashboard's messages name these in its first view, and its tabs check a picture
// with them, without building the projects' schemas (issue 46, decision 072).

/** How many projects the home page shows at most. */
export const featuredLimit = 3;

/**
 * Limits of an uploaded picture: decoded size and pixel count (a small file can decode to a
 * huge image). The admin form checks them before sending; the server enforces them.
 */
export const pictureLimits = {
  maxBytes: 15 * 1024 * 1024,
  maxPixels: 50_000_000,
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif'],
} as const;
/** Longest data URL a picture of `maxBytes` can give (base64 grows by 4/3, plus the prefix). */
export const pictureDataUrlMaxLength = Math.ceil(pictureLimits.maxBytes / 3) * 4 + 64;

/** How many pictures a project has at most. */
export const maxProjectPictures = 20;
