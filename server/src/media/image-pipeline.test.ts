import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decompressionBomb, htmlPage, photoWithGps, pngHeaderWithGarbage, svgWithScript, testPhoto } from '../test/pictures';
import { PictureError, decodePictureDataUrl, processPicture, widthsFor } from './image-pipeline';

async function rejection(input: Buffer): Promise<PictureError> {
  const error = await processPicture(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PictureError);
  return error as PictureError;
}

describe('decoding a picture data URL', () => {
  it('answers the bytes whatever image type it declares', () => {
    expect(decodePictureDataUrl('data:image/jpg;base64,AAEC')).toEqual(Buffer.from([0, 1, 2]));
    expect(decodePictureDataUrl('data:image/png;base64,AA\nEC')).toEqual(Buffer.from([0, 1, 2]));
  });

  it('refuses what is not a base64 image data URL, or is empty', () => {
    for (const bad of [
      'http://x/y.png',
      'data:text/html;base64,AAAA',
      'data:image/png,rawtext',
      'data:image/png;base64,A*B=',
      'data:image/png;base64,',
    ]) {
      expect(() => decodePictureDataUrl(bad), bad).toThrow(PictureError);
    }
  });

  it('refuses more bytes than the limit as too large, before decoding them', () => {
    const url = `data:image/png;base64,${Buffer.alloc(3000).toString('base64')}`;
    expect(decodePictureDataUrl(url, 3000).length).toBe(3000);
    const error = (() => {
      try {
        decodePictureDataUrl(url, 2000);
      } catch (e) {
        return e as PictureError;
      }
    })();
    expect(error?.reason).toBe('too_large');
  });
});

describe('the widths of the variants', () => {
  it('are 480, 960 and 1600 for a large image, and never enlarge a small one', () => {
    expect(widthsFor(1600)).toEqual([480, 960, 1600]);
    expect(widthsFor(1200)).toEqual([480, 960, 1200]);
    expect(widthsFor(960)).toEqual([480, 960]);
    expect(widthsFor(300)).toEqual([300]);
  });
});

describe('processing a picture', () => {
  it('renders every width in AVIF and WebP with content-hashed names', async () => {
    const picture = await processPicture(await testPhoto(2400, 1600));
    expect(picture).toMatchObject({ width: 1600, height: 1067 });
    expect(picture.variants.map((v) => [v.width, v.type])).toEqual([
      [480, 'image/avif'],
      [480, 'image/webp'],
      [960, 'image/avif'],
      [960, 'image/webp'],
      [1600, 'image/avif'],
      [1600, 'image/webp'],
    ]);
    for (const variant of picture.variants) {
      expect(variant.key).toMatch(/^projects\/[a-f0-9]{20}-\d+\.(avif|webp)$/);
      const meta = await sharp(variant.data).metadata();
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(variant.height);
      expect(meta.format).toBe(variant.type === 'image/avif' ? 'heif' : 'webp');
      expect(variant.bytes).toBe(variant.data.length);
    }
    const again = await processPicture(await testPhoto(2400, 1600));
    expect(again.variants.map((v) => v.key)).toEqual(picture.variants.map((v) => v.key));
  });

  it('accepts JPEG, PNG, WebP and AVIF', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif'] as const) {
      const picture = await processPicture(await testPhoto(500, 300, format));
      expect(picture.width, format).toBe(500);
      expect(picture.variants.length, format).toBe(4);
    }
  });

  it('turns a camera photo upright and keeps none of its metadata (EXIF, GPS, camera)', async () => {
    const input = await photoWithGps(600, 400);
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.orientation).toBe(6);
    expect(input.includes(Buffer.from('Secret Model 9000'))).toBe(true);

    const picture = await processPicture(input);
    // Orientation 6 means "rotate 90°": the landscape file is a portrait picture.
    expect(picture).toMatchObject({ width: 400, height: 600 });
    for (const variant of picture.variants) {
      const meta = await sharp(variant.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      for (const marker of ['Exif', 'GPS', 'Secret Model 9000', 'TestCam', 'Someone']) {
        expect(variant.data.includes(Buffer.from(marker)), `${variant.key} contains ${marker}`).toBe(false);
      }
    }
  });

  it('refuses an SVG with a script, an HTML page, a GIF and plain text by their content', async () => {
    const gif = await sharp(await testPhoto(50, 50, 'png'))
      .gif()
      .toBuffer();
    for (const input of [svgWithScript, htmlPage, gif, Buffer.from('just some text, not an image')]) {
      expect((await rejection(input)).reason).toBe('invalid');
    }
  });

  it('refuses a PNG header followed by garbage, and a truncated JPEG', async () => {
    expect((await rejection(pngHeaderWithGarbage)).reason).toBe('invalid');
    const jpeg = await testPhoto(800, 600, 'jpeg');
    expect((await rejection(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).reason).toBe('invalid');
    const png = await testPhoto(800, 600, 'png');
    expect((await rejection(png.subarray(0, Math.floor(png.length * 0.6)))).reason).toBe('invalid');
  });

  it('refuses a decompression bomb by its pixel count, without decoding it', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(200_000);
    const error = await rejection(bomb);
    expect(error.reason).toBe('invalid');
    expect(error.message).toMatch(/megapixels/);
  });
});
