import crypto from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { pictureLimits } from '@blitz/contract';
import { PictureError } from '../../media/image-pipeline';

/**
 * The pictures made from the company's logo and details (decision 028): the favicon set, the
 * touch and manifest icons and one link-preview picture per language. Drawn as
 * web/scripts/site-images.mjs draws the shipped set at build time, with the same palette and
 * layout, but from an uploaded raster logo and the saved name and domain, on the server when
 * staff save them (never per request).
 */

// From the theme in web/src/styles.css.
const navy = '#0b2545'; // brand-900
const darkBlue = '#143561'; // brand-800
const paleBlue = '#d5e1f1'; // brand-100
const yellow = '#f5c518'; // accent-400
const transparent = { r: 0, g: 0, b: 0, alpha: 0 };

/** The logo types staff may upload. An SVG is refused: no kept sanitiser is part of the server (decision 028). */
export const logoTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The stored logo's largest width: enough for a 512 px icon drawn from it at twice the size. */
export const storedLogoMaxWidth = 1024;

export type SiteIconFiles = { favicon: Buffer; appleTouchIcon: Buffer; icon192: Buffer; icon512: Buffer; maskable512: Buffer };
export type SiteImageFiles = { icons?: SiteIconFiles; ogImage: { de: Buffer; en: Buffer } };

/** What the pictures are drawn from; the same input draws the same bytes. */
export type SiteImageInput = {
  /** The stored logo (a WebP of `normaliseLogo`), or undefined for the shipped drawing. */
  logo: Buffer | undefined;
  /** The shipped drawing (web/public/favicon.svg), for the link-preview pictures without an uploaded logo. */
  shippedLogo: Buffer;
  name: string;
  /** The host named on the link-preview picture (www.example.de). */
  domain: string;
  slogans: { de: string; en: string };
};

/**
 * An uploaded logo as the site keeps it: checked by its content (PNG, JPEG or WebP; an SVG, a
 * renamed text file or a damaged image is refused), within the pixel limit, turned upright, its
 * plain margin trimmed, at most `storedLogoMaxWidth` wide, and written anew as a WebP that keeps
 * its transparency and no metadata.
 */
export async function normaliseLogo(input: Buffer): Promise<{ data: Buffer; width: number }> {
  const sniffed = await fileTypeFromBuffer(input).catch(() => undefined);
  if (!sniffed || !(logoTypes as readonly string[]).includes(sniffed.mime)) {
    // An SVG (or XML holding one) gets its own reason: staff may well have the logo as SVG only.
    const svg = /<svg[\s>]/i.test(input.subarray(0, 4096).toString('utf8'));
    throw new PictureError(
      'invalid',
      svg ? 'an SVG logo is not accepted; upload it as a PNG, JPEG or WebP' : 'logo must be a PNG, JPEG or WebP image',
    );
  }
  let meta;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PictureError('invalid', 'logo cannot be read as an image');
  }
  if (!meta.width || !meta.height) throw new PictureError('invalid', 'logo has no size');
  if (meta.width * meta.height > pictureLimits.maxPixels) {
    throw new PictureError('invalid', `logo has more than ${pictureLimits.maxPixels / 1_000_000} megapixels`);
  }
  let upright: Buffer;
  try {
    upright = await sharp(input, { limitInputPixels: pictureLimits.maxPixels, failOn: 'error' }).rotate().png().toBuffer();
  } catch {
    throw new PictureError('invalid', 'logo is damaged or incomplete');
  }
  // A margin of one plain colour makes the icon smaller than it need be; a logo all of one colour keeps it.
  const trimmed = await sharp(upright)
    .trim({ threshold: 10 })
    .toBuffer()
    .catch(() => upright);
  const { data, info } = await sharp(trimmed)
    .resize({ width: storedLogoMaxWidth, height: storedLogoMaxWidth, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 90, alphaQuality: 100, effort: 4 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/** The logo centred in a transparent square of `size` px. */
function placedLogo(input: SiteImageInput, size: number): Promise<Buffer> {
  const source = input.logo
    ? sharp(input.logo)
    : // Drawn at 4× its 40 px and scaled down: crisp edges at every size.
      sharp(input.shippedLogo, { density: Math.max(72, Math.ceil((72 * size) / 40) * 2) });
  return source.resize(size, size, { fit: 'contain', background: transparent }).png().toBuffer();
}

/** A square PNG of the logo alone on a transparent ground. */
async function bareIcon(input: SiteImageInput, size: number): Promise<Buffer> {
  return sharp(await placedLogo(input, size))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The logo on navy: `scale` of the square is the logo, the rest the ground around it (iOS wants it opaque). */
async function iconOnNavy(input: SiteImageInput, size: number, scale: number): Promise<Buffer> {
  const inner = Math.round(size * scale);
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: navy } })
    .composite([{ input: await placedLogo(input, inner), left: offset, top: offset }])
    .flatten({ background: navy })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * An ICO file holding PNG images (every browser reads them): a 6-byte header, a 16-byte
 * directory entry per image, then the images. (sharp writes no ICO; the build script writes the
 * shipped favicon.ico the same way.)
 */
export function icoOf(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 = 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The widest a line may run: from its start to 48 px before the right edge. */
const textWidth = 1200 - 464 - 48;

/**
 * Lines of text that fit `textWidth`: one line in a font as large as fits (`max` down to `min`);
 * a longer text broken at a space into two lines; beyond that cut with an ellipsis. Widths are
 * estimated (`em`: the font's mean glyph width); librsvg lays the text out.
 */
function fittedLines(text: string, size: { max: number; min: number; em: number }): { lines: string[]; fontSize: number } {
  const fits = (line: string) => Math.min(size.max, Math.floor(textWidth / (Math.max(1, line.length) * size.em)));
  if (fits(text) >= size.min) return { lines: [text], fontSize: fits(text) };
  const words = text.split(' ');
  let best: string[] = [text];
  let bestSize = fits(text);
  for (let i = 1; i < words.length; i++) {
    const lines = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const fontSize = Math.min(...lines.map(fits));
    if (fontSize > bestSize) [best, bestSize] = [lines, fontSize];
  }
  const fontSize = Math.max(size.min, bestSize);
  const maxChars = Math.floor(textWidth / (fontSize * size.em));
  return {
    lines: best.map((line) => (line.length > maxChars ? `${line.slice(0, maxChars - 1).trimEnd()}…` : line)),
    fontSize,
  };
}

/** The link-preview picture of one language: the logo, the company's name, the slogan and the domain on navy. */
async function ogImage(input: SiteImageInput, slogan: string): Promise<Buffer> {
  const [width, height] = [1200, 630];
  const font = `font-family="'Liberation Sans', 'DejaVu Sans', Arial, Helvetica, sans-serif"`;
  const line = (text: string, x: number, y: number, size: { max: number; min: number; em: number }, attrs: string) => {
    const fitted = fittedLines(text, size);
    return fitted.lines
      .map((part, i) =>
        `<text x="${x}" y="${y}" font-size="${fitted.fontSize}" ${attrs}>${escapeXml(part)}</text>`.replace(
          `y="${y}"`,
          `y="${y - (fitted.lines.length - 1 - i) * Math.round(fitted.fontSize * 1.1)}"`,
        ),
      )
      .join('');
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${navy}"/>
  <path d="M1010 -20 L890 250 L960 250 L860 470 L1080 190 L1000 190 L1120 -20 Z" fill="${darkBlue}"/>
  <rect x="0" y="${height - 14}" width="${width}" height="14" fill="${yellow}"/>
  ${line(input.name, 460, 290, { max: 104, min: 48, em: 0.55 }, `${font} font-weight="700" fill="#ffffff"`)}
  ${line(slogan, 464, 370, { max: 48, min: 28, em: 0.52 }, `${font} fill="${yellow}"`)}
  ${line(input.domain, 464, 440, { max: 34, min: 22, em: 0.52 }, `${font} fill="${paleBlue}"`)}
</svg>`;
  // A light plate behind an uploaded logo: a dark logo on the navy ground would not be seen.
  const plate = input.logo
    ? [
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="340" height="340"><rect width="340" height="340" rx="28" fill="#ffffff"/></svg>`,
          ),
          left: 76,
          top: 145,
        },
      ]
    : [];
  return sharp(Buffer.from(svg))
    .composite([...plate, { input: await placedLogo(input, 300), left: 96, top: 165 }])
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toBuffer();
}

/**
 * Draws the set: the icons when a logo was uploaded (the shipped drawing's icons are the build's),
 * and the link-preview picture of each language.
 */
export async function drawSiteImages(input: SiteImageInput): Promise<SiteImageFiles> {
  const [de, en] = await Promise.all([ogImage(input, input.slogans.de), ogImage(input, input.slogans.en)]);
  if (!input.logo) return { ogImage: { de, en } };
  const favicon = icoOf(await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await bareIcon(input, size) }))));
  const [appleTouchIcon, icon192, icon512, maskable512] = await Promise.all([
    iconOnNavy(input, 180, 0.72),
    bareIcon(input, 192),
    bareIcon(input, 512),
    // A maskable icon's safe zone is the central circle of 80 % of its width: the logo fits in 60 %.
    iconOnNavy(input, 512, 0.6),
  ]);
  return { icons: { favicon, appleTouchIcon, icon192, icon512, maskable512 }, ogImage: { de, en } };
}

/** The media key of a drawn file: the hash of its bytes and its role (`company/<hash>-icon-192.png`). */
export function siteImageKey(data: Buffer, role: string, ext: 'png' | 'ico'): string {
  return `company/${crypto.createHash('sha256').update(data).digest('hex').slice(0, 20)}-${role}.${ext}`;
}

/** The media key of a stored logo: `company/<hash>-<width>.webp`, like the settings' other pictures. */
export function logoKey(data: Buffer, width: number): string {
  return `company/${crypto.createHash('sha256').update(data).digest('hex').slice(0, 20)}-${width}.webp`;
}
