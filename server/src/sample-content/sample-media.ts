import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { type StoredPicture, encoderSettings, processPicture, storedPictureOf, variantWidths } from '../media/image-pipeline';
import { pictureObjectOptions } from '../media/media-storage';
import type { ObjectStorage } from '../storage/object-storage';
import { type Scene, renderScene, sceneSvg } from './sample-pictures';

/**
 * Encoding two dozen pictures takes half a minute on two cores: too long for every first start
 * (and for every browser-test server). `npm run build` renders them once into a folder beside
 * the built server; the seed copies from there and renders only what is missing.
 */

type Manifest = { pictures: Record<string, StoredPicture> };

const manifestName = 'manifest.json';

/** Changes whenever the drawing or the encoding changes, so a stale folder is never used. */
export function sceneId(scene: Scene): string {
  return crypto
    .createHash('sha256')
    .update(sceneSvg(scene))
    .update(JSON.stringify({ encoderSettings, variantWidths }))
    .digest('hex')
    .slice(0, 16);
}

function readManifest(dir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, manifestName), 'utf8')) as Manifest;
  } catch {
    return { pictures: {} };
  }
}

const fileOf = (dir: string, key: string) => path.join(dir, ...key.split('/'));

/** Renders into `dir` every scene not there yet; drops what is no longer used. */
export async function buildSampleMedia(
  dir: string,
  scenes: readonly Scene[],
  log: (line: string) => void = () => {},
): Promise<number> {
  const old = readManifest(dir);
  const manifest: Manifest = { pictures: {} };
  let rendered = 0;
  for (const scene of scenes) {
    const id = sceneId(scene);
    const known = old.pictures[id];
    if (known && known.variants.every((v) => fs.existsSync(fileOf(dir, v.key)))) {
      manifest.pictures[id] = known;
      continue;
    }
    const encoded = await processPicture(await renderScene(scene));
    for (const variant of encoded.variants) {
      await fsp.mkdir(path.dirname(fileOf(dir, variant.key)), { recursive: true });
      await fsp.writeFile(fileOf(dir, variant.key), variant.data);
    }
    manifest.pictures[id] = storedPictureOf(encoded);
    rendered++;
    log(`sample picture ${rendered}: ${scene.kind} ${scene.seed}`);
  }
  const used = new Set(Object.values(manifest.pictures).flatMap((p) => p.variants.map((v) => v.key)));
  for (const picture of Object.values(old.pictures)) {
    for (const v of picture.variants) if (!used.has(v.key)) await fsp.rm(fileOf(dir, v.key), { force: true });
  }
  await fsp.mkdir(dir, { recursive: true });
  await fsp.writeFile(path.join(dir, manifestName), JSON.stringify(manifest));
  return rendered;
}

/** The picture of a scene, stored in `media`: copied from the prebuilt folder, or rendered now. */
export function samplePictureSource(prebuiltDir: string | undefined) {
  const manifest = prebuiltDir ? readManifest(prebuiltDir) : { pictures: {} };
  return async (scene: Scene, media: ObjectStorage): Promise<StoredPicture> => {
    const known = manifest.pictures[sceneId(scene)];
    if (prebuiltDir && known && known.variants.every((v) => fs.existsSync(fileOf(prebuiltDir, v.key)))) {
      for (const v of known.variants)
        await media.put(v.key, await fsp.readFile(fileOf(prebuiltDir, v.key)), pictureObjectOptions(v.key));
      return known;
    }
    const encoded = await processPicture(await renderScene(scene));
    await Promise.all(encoded.variants.map((v) => media.put(v.key, v.data, pictureObjectOptions(v.key))));
    return storedPictureOf(encoded);
  };
}
