import crypto from 'node:crypto';
import sharp from 'sharp';
import { type DecodedPicture, type PictureVariant, encodeVariants } from './image-pipeline';

/** A point of a picture, each coordinate from 0 (left, top) to 1 (right, bottom). */
export type FocalPoint = { x: number; y: number };

export const centre: FocalPoint = { x: 0.5, y: 0.5 };

/** The frame of the gallery's cards and the detail page's pictures (width / height). */
export const frameRatio = 3 / 2;
/** A link preview's picture: 1200 × 630 px, as the networks show it. */
export const shareSize = { width: 1200, height: 630 } as const;

/** A region of a picture in pixels. */
export type CropBox = { left: number; top: number; width: number; height: number };

/**
 * The largest region of `ratio` (width / height) inside a `width` × `height` picture, centred on
 * the focal point as far as the picture's edges allow (a point near an edge puts the region
 * against that edge, never past it).
 */
export function cropBox(width: number, height: number, ratio: number, focus: FocalPoint): CropBox {
  const boxWidth = Math.max(1, Math.min(width, Math.round(height * ratio)));
  const boxHeight = Math.max(1, Math.min(height, Math.round(boxWidth / ratio)));
  const place = (size: number, box: number, at: number) => Math.min(size - box, Math.max(0, Math.round(at * size - box / 2)));
  return { left: place(width, boxWidth, focus.x), top: place(height, boxHeight, focus.y), width: boxWidth, height: boxHeight };
}

/** The crops of one picture around its focal point, made once (at upload, or when the point moves). */
export type PictureCrops = {
  /** The point they were made around. */
  focus: FocalPoint;
  /** The 3:2 frame of cards and the detail page, in every width and format. */
  frame: { width: number; height: number; variants: PictureVariant[] };
  /** The link preview's picture, 1200 × 630 WebP. */
  share: PictureVariant;
};

export type EncodedCrops = PictureCrops & { files: { key: string; data: Buffer }[] };

/** Renders the frame and the link preview around `focus` from a decoded picture. */
export async function renderCrops(picture: DecodedPicture, focus: FocalPoint, keyPrefix = 'projects'): Promise<EncodedCrops> {
  const { width, height } = picture.raw;
  const frame = cropBox(width, height, frameRatio, focus);
  const frameVariants = await encodeVariants(
    () => sharp(picture.data, { raw: picture.raw }).extract(frame),
    frame.width,
    frame.height,
    keyPrefix,
  );
  const shareBox = cropBox(width, height, shareSize.width / shareSize.height, focus);
  const shareData = await sharp(picture.data, { raw: picture.raw })
    .extract(shareBox)
    .resize(shareSize)
    .webp({ quality: 80 })
    .toBuffer();
  const hash = crypto.createHash('sha256').update(shareData).digest('hex').slice(0, 20);
  const share: PictureVariant = {
    key: `${keyPrefix}/${hash}-${shareSize.width}.webp`,
    width: shareSize.width,
    height: shareSize.height,
    type: 'image/webp',
    bytes: shareData.length,
  };
  return {
    focus,
    frame: { width: frame.width, height: frame.height, variants: frameVariants.map(({ data: _data, ...v }) => v) },
    share,
    files: [...frameVariants.map((v) => ({ key: v.key, data: v.data })), { key: share.key, data: shareData }],
  };
}

/** Every stored key of a set of crops. */
export function cropKeys(crops: PictureCrops | undefined): string[] {
  return crops ? [...crops.frame.variants.map((v) => v.key), crops.share.key] : [];
}
