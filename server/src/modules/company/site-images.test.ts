import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PictureError } from '../../media/image-pipeline';
import { testPhoto } from '../../test/pictures';
import { drawSiteImages, icoOf, logoKey, normaliseLogo, siteImageKey } from './site-images';

const shippedLogo = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/public/favicon.svg'));
const slogans = { de: 'Blitzschutz und Erdung', en: 'Lightning protection and earthing' };

/** A square logo with a transparent margin: a yellow disc on nothing. */
const discLogo = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="200" cy="150" r="100" fill="#f5c518"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** The images an ICO file holds: their sizes from the directory, their bytes as PNG. */
function icoImages(ico: Buffer) {
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
    const entry = 6 + 16 * i;
    const [size, offset] = [ico.readUInt32LE(entry + 8), ico.readUInt32LE(entry + 12)];
    return { width: ico.readUInt8(entry), data: ico.subarray(offset, offset + size) };
  });
}

describe('the pictures drawn from the logo', () => {
  it('keep an uploaded PNG, JPEG or WebP logo as a WebP, its plain margin trimmed, its transparency kept', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const input = format === 'png' ? await discLogo() : await testPhoto(1600, 900, format);
      const logo = await normaliseLogo(input);
      const meta = await sharp(logo.data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(logo.width);
      expect(logo.width).toBeLessThanOrEqual(1024);
      if (format === 'png') {
        // The transparent margin around the 200 px disc is gone; its corners stay transparent.
        expect([meta.width, meta.height]).toEqual([200, 200]);
        expect(meta.hasAlpha).toBe(true);
      }
      expect(logoKey(logo.data, logo.width)).toMatch(/^company\/[a-f0-9]{20}-\d{1,4}\.webp$/);
    }
  });

  it('refuse an SVG, a text file and a damaged image with a reason, never a stored file', async () => {
    const refusal = (input: Buffer) =>
      normaliseLogo(input).then(
        () => undefined,
        (error: unknown) => error,
      );
    const svg = await refusal(shippedLogo);
    expect(svg).toBeInstanceOf(PictureError);
    expect((svg as PictureError).message).toMatch(/SVG/);
    const text = await refusal(Buffer.from('not a picture at all, only text named logo.png'));
    expect((text as PictureError).message).toBe('logo must be a PNG, JPEG or WebP image');
    const png = await discLogo();
    expect(await refusal(png.subarray(0, png.length - 40))).toBeInstanceOf(PictureError);
    // AVIF is a picture, but not a logo type staff are asked for.
    expect(((await refusal(await testPhoto(64, 64, 'avif'))) as PictureError).message).toBe(
      'logo must be a PNG, JPEG or WebP image',
    );
  });

  it('draw the favicon (16, 32, 48), the touch icon on navy, the manifest icons and a 1200 × 630 picture per language', async () => {
    const logo = (await normaliseLogo(await discLogo())).data;
    const files = await drawSiteImages({ logo, shippedLogo, name: 'Blitzwerk Hanau', domain: 'www.blitzwerk.de', slogans });
    const icons = files.icons!;
    const images = icoImages(icons.favicon);
    expect(images.map((i) => i.width)).toEqual([16, 32, 48]);
    for (const image of images) {
      const meta = await sharp(image.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', image.width, image.width]);
    }
    const sizeOf = async (data: Buffer) => {
      const meta = await sharp(data).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await sizeOf(icons.appleTouchIcon)).toEqual(['png', 180, 180]);
    expect(await sizeOf(icons.icon192)).toEqual(['png', 192, 192]);
    expect(await sizeOf(icons.icon512)).toEqual(['png', 512, 512]);
    expect(await sizeOf(icons.maskable512)).toEqual(['png', 512, 512]);
    expect(await sizeOf(files.ogImage.de)).toEqual(['png', 1200, 630]);
    expect(await sizeOf(files.ogImage.en)).toEqual(['png', 1200, 630]);
    // The touch icon is opaque navy at its corner; the bare icon is transparent there and yellow in its middle.
    const pixel = async (data: Buffer, x: number, y: number) => {
      const { data: raw, info } = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (y * info.width + x) * 4;
      return [...raw.subarray(at, at + 4)];
    };
    expect(await pixel(icons.appleTouchIcon, 1, 1)).toEqual([0x0b, 0x25, 0x45, 255]);
    expect((await pixel(icons.icon512, 1, 1))[3]).toBe(0);
    // Yellow, within what lossy WebP changes of a colour.
    const middle = await pixel(icons.icon512, 256, 256);
    [0xf5, 0xc5, 0x18, 255].forEach((channel, i) => expect(Math.abs(middle[i]! - channel)).toBeLessThanOrEqual(3));
    // Each language its own slogan: two different pictures.
    expect(files.ogImage.de.equals(files.ogImage.en)).toBe(false);
  });

  it('draw only the link-preview pictures with the shipped drawing (the build has its icons), and other ones for another name', async () => {
    const input = { logo: undefined, shippedLogo, name: 'Blitzwerk', domain: 'www.blitzwerk.de', slogans };
    const files = await drawSiteImages(input);
    expect(files.icons).toBeUndefined();
    expect((await sharp(files.ogImage.de).metadata()).width).toBe(1200);
    const renamed = await drawSiteImages({ ...input, name: 'Erdungstechnik Main-Kinzig GmbH & Co. KG mit langem Namen' });
    expect(renamed.ogImage.de.equals(files.ogImage.de)).toBe(false);
    expect((await sharp(renamed.ogImage.de).metadata()).width).toBe(1200);
  });

  it('name a drawn file by the hash of its bytes and its role', () => {
    const a = siteImageKey(Buffer.from('a'), 'icon-192', 'png');
    expect(a).toMatch(/^company\/[a-f0-9]{20}-icon-192\.png$/);
    expect(siteImageKey(Buffer.from('b'), 'icon-192', 'png')).not.toBe(a);
    expect(icoOf([]).length).toBe(6);
  });
});
