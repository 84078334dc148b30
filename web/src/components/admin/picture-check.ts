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
