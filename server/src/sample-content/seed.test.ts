import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processPicture, storedPictureOf } from '../media/image-pipeline';
import { createDiskStorage } from '../storage/disk';
import type { ObjectStorage } from '../storage/object-storage';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../test/helper';
import { sampleCategories, sampleProjects } from './sample-content';
import { buildSampleMedia, samplePictureSource } from './sample-media';
import { renderScene, sceneKinds } from './sample-pictures';
import { type PictureSource, seedSampleContent } from './seed';

const log = pino({ level: 'silent' });

async function stored(media: ObjectStorage, key: string): Promise<boolean> {
  const object = await media.open(key);
  object?.stream.destroy();
  return object !== undefined;
}

/** A quick stand-in for the real pictures: a small render of the scene (the flow is what is tested here). */
const smallPictures: PictureSource = async (scene, media) => {
  const png = await sharp(await renderScene(scene))
    .resize(160)
    .png()
    .toBuffer();
  const encoded = await processPicture(png);
  await Promise.all(encoded.variants.map((v) => media.put(v.key, v.data)));
  return storedPictureOf(encoded);
};

describe('the sample content', () => {
  it('has six categories, two dozen projects in both languages, every category used', () => {
    expect(sampleCategories).toHaveLength(6);
    expect(sampleProjects.length).toBeGreaterThanOrEqual(22);
    for (const kind of sceneKinds)
      expect(sampleProjects.filter((p) => p.scene.kind === kind).length, kind).toBeGreaterThanOrEqual(3);
    for (const project of sampleProjects) {
      for (const texts of [project.title, project.content, project.scope]) {
        expect(texts.de.trim(), project.title.en).not.toBe('');
        expect(texts.en.trim(), project.title.de).not.toBe('');
        expect(texts.de, project.title.en).not.toBe(texts.en);
      }
      expect(project.location).not.toBe('');
      expect(project.completed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // Every picture differs.
    expect(new Set(sampleProjects.map((p) => `${p.scene.kind}${p.scene.seed}${p.scene.sky}`)).size).toBe(sampleProjects.length);
  });

  it('renders a scene as a picture of the gallery’s proportions', async () => {
    const png = await renderScene(sampleProjects[0]!.scene);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1600, height: 1067 });
  });

  it('copies prebuilt pictures instead of rendering them again', async () => {
    const dir = tempDir();
    const scenes = sampleProjects.slice(0, 2).map((p) => p.scene);
    expect(await buildSampleMedia(dir, scenes)).toBe(2);
    expect(await buildSampleMedia(dir, scenes)).toBe(0);
    const media = createDiskStorage(path.join(tempDir(), 'media'));
    const picture = await samplePictureSource(dir)(scenes[0]!, media);
    expect(picture.variants.map((v) => v.width)).toEqual([480, 480, 960, 960, 1600, 1600]);
    for (const v of picture.variants) expect(await stored(media, v.key)).toBe(true);
    // A scene the folder does not have is rendered on the spot.
    const other = await samplePictureSource(dir)(sampleProjects[5]!.scene, media);
    expect(fs.existsSync(path.join(dir, other.variants[0]!.key))).toBe(false);
    expect(await stored(media, other.variants[0]!.key)).toBe(true);
  }, 120_000);
});

describe.each(databaseKinds)('seeding on %s', (kind) => {
  it('fills an empty database once, newest project first, each with category and picture', async () => {
    const { app, url } = await startTestApp(kind);
    const deps = { db: app.db, media: app.media, log };
    expect(await seedSampleContent(deps, smallPictures)).toBe(true);

    const categories = await api(url, 'GET', '/api/v1/Category?Language=1');
    expect(categories.body.count).toBe(6);
    expect(categories.body.data.map((c: { translation: { content: string }[] }) => c.translation[0]!.content)).toContain(
      'Data centres',
    );

    const page = await api(url, 'GET', '/api/v1/Project?PageLength=100');
    expect(page.body.count).toBe(sampleProjects.length);
    const newest = [...sampleProjects].sort((a, b) => b.completed.localeCompare(a.completed))[0]!;
    expect(page.body.data[0].title).toEqual([
      { content: newest.title.en, language: 1 },
      { content: newest.title.de, language: 2 },
    ]);
    for (const project of page.body.data) {
      expect(project.category).not.toBeNull();
      expect(project.picture).toMatch(/^\/media\//);
      expect((await fetch(url + project.picture)).status).toBe(200);
    }

    // Never twice, and never after the staff deleted everything.
    expect(await seedSampleContent(deps, smallPictures)).toBe(false);
    const token = await signIn(url);
    for (const project of page.body.data) await api(url, 'DELETE', `/api/v1/Project/${project.id}`, { token });
    expect(await seedSampleContent(deps, smallPictures)).toBe(false);
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(0);
  }, 120_000);

  it('leaves a database that already has content alone', async () => {
    const { app, url } = await startTestApp(kind);
    const token = await signIn(url);
    await api(url, 'POST', '/api/v1/Category', { token, body: { name: 'Eigene Kategorie', translation: [] } });
    expect(await seedSampleContent({ db: app.db, media: app.media, log }, smallPictures)).toBe(false);
    expect((await api(url, 'GET', '/api/v1/Category')).body.count).toBe(1);
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(0);
  });

  it('adds nothing when SEED_SAMPLE is false (the tests’ default)', async () => {
    const { url } = await startTestApp(kind, { SEED_SAMPLE: 'false' });
    expect((await api(url, 'GET', '/api/v1/Project')).body.count).toBe(0);
    expect((await api(url, 'GET', '/api/v1/Category')).body.count).toBe(0);
  });
});
