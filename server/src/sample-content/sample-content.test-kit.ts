import sharp from 'sharp';
import { processPicture, storedPictureOf } from '../media/image-pipeline';
import { renderScene } from './sample-pictures';
import type { PictureSource } from './seed';

/** A quick stand-in for the sample pictures (seed.test.ts has the real ones): a small render of the scene. */
export const smallSamplePictures: PictureSource = async (scene, media) => {
  const png = await sharp(await renderScene(scene))
    .resize(160)
    .png()
    .toBuffer();
  const encoded = await processPicture(png);
  await Promise.all(encoded.variants.map((v) => media.put(v.key, v.data)));
  return storedPictureOf(encoded);
};
