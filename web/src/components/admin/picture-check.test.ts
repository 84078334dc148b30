import { describe, expect, it } from 'vitest';
import { pictureLimits } from '@blitz/contract';
import { pictureFileProblem, picturePixelsProblem } from './picture-check';

describe('picture checks before upload', () => {
  it('accepts the raster types the server takes, up to its size limit', () => {
    expect(pictureFileProblem({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(pictureFileProblem({ type: 'image/webp', size: pictureLimits.maxBytes })).toBeUndefined();
  });

  it('refuses what is not such an image', () => {
    for (const type of ['application/pdf', 'image/svg+xml', 'text/plain', ''])
      expect(pictureFileProblem({ type, size: 10 }), type).toEqual({ key: 'validation.imageOnly' });
  });

  it('refuses a file or an image larger than the server takes', () => {
    expect(pictureFileProblem({ type: 'image/png', size: pictureLimits.maxBytes + 1 })).toMatchObject({
      key: 'validation.pictureTooLarge',
    });
    expect(picturePixelsProblem(10_000, 10_000)).toMatchObject({ key: 'validation.pictureTooLarge' });
    expect(picturePixelsProblem(4000, 3000)).toBeUndefined();
    expect(picturePixelsProblem(0, 0)).toEqual({ key: 'validation.pictureUnreadable' });
  });
});
