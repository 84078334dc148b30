import zlib from 'node:zlib';
import sharp from 'sharp';

/** Pictures for the tests, made on the spot. */

export const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** A small photo-like image: a gradient with some structure, so encoders have work to do. */
export async function testPhoto(width = 640, height = 480, format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4478"/><stop offset="1" stop-color="#f5c518"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect x="${width * 0.2}" y="${height * 0.4}" width="${width * 0.6}" height="${height * 0.5}" fill="#8a8f96"/>
    <circle cx="${width * 0.8}" cy="${height * 0.2}" r="${Math.min(width, height) * 0.1}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

/** A JPEG from a camera: EXIF with GPS position, camera model and "rotate 90°" (orientation 6). */
export async function photoWithGps(width = 600, height = 400): Promise<Buffer> {
  return sharp(await testPhoto(width, height, 'png'))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9000', Copyright: 'Someone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 7/1 58/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '8/1 55/1 1/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * A valid PNG of 20000 × 20000 pixels (400 megapixels) in about 50 KB: a decompression bomb.
 * Built by hand, since no encoder should be asked to make one.
 */
export function decompressionBomb(size = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth 1, greyscale
  const rowBytes = 1 + Math.ceil(size / 8);
  const pixels = zlib.deflateSync(Buffer.alloc(rowBytes * size), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const svgWithScript = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(document.cookie)</script><rect width="100" height="100"/></svg>',
);

export const htmlPage = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>');

/** The PNG signature followed by garbage. */
export const pngHeaderWithGarbage = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR this is not really an image at all, just bytes'.repeat(20)),
]);
