import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { pictureLimits } from '@blitz/contract';

/** One stored rendition of a picture. */
export type PictureVariant = { key: string; width: number; height: number; type: 'image/avif' | 'image/webp'; bytes: number };
/** What a project keeps of its picture: the size of the largest rendition and every variant. */
export type StoredPicture = { width: number; height: number; variants: PictureVariant[] };
export type EncodedPicture = { width: number; height: number; variants: (PictureVariant & { data: Buffer })[] };

/**
 * Why a picture was refused: not an accepted, intact raster image within the pixel limit
 * ('invalid', 400), or more bytes than the limit ('too_large', 413).
 */
export class PictureError extends Error {
  constructor(
    readonly reason: 'invalid' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Responsive widths (CSS px × device pixel ratio of a gallery card, a content column, a wide
 * screen). A smaller original gives its own width as the largest variant; nothing is enlarged.
 */
export const variantWidths = [480, 960, 1600] as const;

/**
 * Encoder settings, chosen by measurement (docs/benchmarks.md): AVIF at effort 1 takes about a
 * fifth of the time of the default 4 and half of effort 2, for 1–2 % more bytes than effort 2,
 * which keeps a 12-megapixel upload under 1.5 s on two cores.
 */
export const encoderSettings = {
  avif: { quality: 50, effort: 1, chromaSubsampling: '4:2:0' },
  webp: { quality: 74, effort: 4 },
} as const;

const formats = [
  { type: 'image/avif', ext: 'avif', encode: (img: Sharp) => img.avif(encoderSettings.avif) },
  { type: 'image/webp', ext: 'webp', encode: (img: Sharp) => img.webp(encoderSettings.webp) },
] as const;

const dataUrlPrefix = /^data:image\/[a-z0-9.+-]+;base64,/i;

/** The bytes of a `data:image/…;base64,` URL; the declared type is ignored, the content decides. */
export function decodePictureDataUrl(dataUrl: string, maxBytes: number = pictureLimits.maxBytes): Buffer {
  const prefix = dataUrl.match(dataUrlPrefix);
  if (!prefix) throw new PictureError('invalid', 'picture must be a data:image/...;base64, URL');
  const base64 = dataUrl.slice(prefix[0].length).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 === 1) {
    throw new PictureError('invalid', 'picture is not valid base64');
  }
  if (Math.floor((base64.length * 3) / 4) > maxBytes + 2) {
    throw new PictureError('too_large', `picture is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maxBytes)
    throw new PictureError('too_large', `picture is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (bytes.length === 0) throw new PictureError('invalid', 'picture is empty');
  return bytes;
}

/** The widths to render for an image `width` pixels wide (after the 1600 px cap). */
export function widthsFor(width: number): number[] {
  const widths: number[] = variantWidths.filter((w) => w <= width);
  if (width < variantWidths[variantWidths.length - 1]! && !widths.includes(width)) widths.push(width);
  return widths;
}

// Encoding saturates both cores; one picture at a time keeps memory bounded and every upload's
// time predictable, instead of several uploads each taking N times as long.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

/** A picture decoded once: raw sRGB pixels, upright, at most 1600 px on its longer side. */
export type DecodedPicture = { data: Buffer; raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };

/**
 * Checks that the bytes are a JPEG, PNG, WebP or AVIF image by their content (an SVG, HTML or a
 * renamed file is refused), within the pixel limit (a decompression bomb is refused before it is
 * decoded), and decodes it whole (a truncated file is refused), auto-rotated, without any
 * metadata (EXIF, GPS, XMP, ICC: sharp writes none unless asked).
 */
export async function decodePicture(input: Buffer): Promise<DecodedPicture> {
  const sniffed = await fileTypeFromBuffer(input).catch(() => undefined);
  if (!sniffed || !(pictureLimits.types as readonly string[]).includes(sniffed.mime)) {
    throw new PictureError('invalid', 'picture must be a JPEG, PNG, WebP or AVIF image');
  }
  const options = { limitInputPixels: pictureLimits.maxPixels, failOn: 'error' } as const;
  let meta: Metadata;
  try {
    // Reads the header only (no pixels), so the size can be checked before anything is decoded.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PictureError('invalid', 'picture cannot be read as an image');
  }
  if (!meta.width || !meta.height) throw new PictureError('invalid', 'picture has no size');
  if (meta.width * meta.height > pictureLimits.maxPixels) {
    throw new PictureError('invalid', `picture has more than ${pictureLimits.maxPixels / 1_000_000} megapixels`);
  }

  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once, at most 1600 px on its longer side (JPEG shrinks while it decodes); every
    // variant is resized from this, not from the original again.
    base = await sharp(input, options)
      .rotate()
      .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PictureError('invalid', 'picture is damaged or incomplete');
  }
  const { width, height, channels } = base.info;
  return { data: base.data, raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } };
}

/** Renders `image` (a sharp pipeline of `width` × `height` pixels) in every width and format, named by the hash of its bytes. */
export async function encodeVariants(
  image: () => Sharp,
  width: number,
  height: number,
  keyPrefix: string,
): Promise<(PictureVariant & { data: Buffer })[]> {
  // Largest first: they take longest, so the thread pool finishes them together.
  const jobs = widthsFor(width)
    .reverse()
    .flatMap((w) =>
      formats.map(async (format) => {
        const data = await format.encode(image().resize({ width: w })).toBuffer();
        const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 20);
        return {
          key: `${keyPrefix}/${hash}-${w}.${format.ext}`,
          width: w,
          height: Math.max(1, Math.round((height * w) / width)),
          type: format.type,
          bytes: data.length,
          data,
        };
      }),
    );
  return (await Promise.all(jobs)).sort((a, b) => a.width - b.width || a.type.localeCompare(b.type));
}

/** Runs picture work one job at a time (encoding saturates both cores). */
export function pictureJob<T>(job: () => Promise<T>): Promise<T> {
  return oneAtATime(job);
}

/**
 * Checks and decodes the bytes (decodePicture), then renders every variant in AVIF and WebP,
 * named by the hash of its bytes.
 */
export function processPicture(input: Buffer, keyPrefix = 'projects'): Promise<EncodedPicture> {
  return oneAtATime(async () => {
    const { data, raw } = await decodePicture(input);
    const variants = await encodeVariants(() => sharp(data, { raw }), raw.width, raw.height, keyPrefix);
    return { width: raw.width, height: raw.height, variants };
  });
}

/** Drops the bytes: what the database keeps. */
export function storedPictureOf(picture: EncodedPicture): StoredPicture {
  return {
    width: picture.width,
    height: picture.height,
    variants: picture.variants.map(({ data: _data, ...variant }) => variant),
  };
}
