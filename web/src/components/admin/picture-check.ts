import { pictureLimits } from '@blitz/contract';
import type { FailureReason } from './command-failure';

export const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/**
 * What is wrong with a chosen file before it is read, by the limits the server enforces:
 * only the raster types it takes, and not larger than it accepts.
 */
export function pictureFileProblem(file: { type: string; size: number }): FailureReason | undefined {
  if (!(pictureLimits.types as readonly string[]).includes(file.type)) return { key: 'validation.imageOnly' };
  if (file.size > pictureLimits.maxBytes)
    return { key: 'validation.pictureTooLarge', values: { max: megabytes(pictureLimits.maxBytes) } };
  return undefined;
}

/** After decoding: a small file can still hold more pixels than the server takes. */
export function picturePixelsProblem(width: number, height: number): FailureReason | undefined {
  if (width === 0 || height === 0) return { key: 'validation.pictureUnreadable' };
  if (width * height > pictureLimits.maxPixels)
    return { key: 'validation.pictureTooLarge', values: { max: megabytes(pictureLimits.maxBytes) } };
  return undefined;
}

/** The types a company logo may be (the server refuses an SVG and AVIF: decision 028). */
export const logoTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** What is wrong with a chosen logo file before it is read: an SVG gets its own reason. */
export function logoFileProblem(file: { type: string; size: number }): FailureReason | undefined {
  if (file.type === 'image/svg+xml') return { key: 'validation.logoSvg' };
  if (!(logoTypes as readonly string[]).includes(file.type)) return { key: 'validation.logoType' };
  return pictureFileProblem(file);
}
