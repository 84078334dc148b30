import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Project, projectSchema } from '@blitz/contract';
import { cropBox } from '../../media/picture-crops';
import { type TestApp, api, backends, signIn, startTestApp } from '../../test/helper';
import { dataUrl, svgWithScript, testPhoto } from '../../test/pictures';
import { missingPictureTexts, pictureKeysInUse } from './project-pictures';

const fields = (body: { errors?: { field: string }[] }) => (body.errors ?? []).map((e) => e.field);
const alt = (de: string, en: string) => [
  { content: de, language: 2 },
  { content: en, language: 1 },
];

/** A picture whose left half is red and right half blue: which colour a crop shows tells where it was cut. */
async function halves(width = 1200, height = 400): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width / 2}" height="${height}" fill="#ff0000"/><rect x="${width / 2}" width="${width / 2}" height="${height}" fill="#0000ff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The average red and blue of a served picture, 0–255. */
async function colourOf(url: string): Promise<{ red: number; blue: number; width: number; height: number }> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  const image = sharp(Buffer.from(await response.arrayBuffer()));
  const [meta, stats] = await Promise.all([image.metadata(), image.stats()]);
  return { red: stats.channels[0]!.mean, blue: stats.channels[2]!.mean, width: meta.width!, height: meta.height! };
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    title: alt('Blitzschutz Halle', 'Lightning protection hall'),
    location: 'Hanau',
    ...overrides,
  };
}

const status = async (app: TestApp, url: string) => (await fetch(app.url + url)).status;

describe('cropBox', () => {
  it('is the largest region of the ratio, centred on the point, never past an edge', () => {
    expect(cropBox(1200, 400, 1.5, { x: 0.5, y: 0.5 })).toEqual({ left: 300, top: 0, width: 600, height: 400 });
    expect(cropBox(1200, 400, 1.5, { x: 0, y: 0.5 })).toEqual({ left: 0, top: 0, width: 600, height: 400 });
    expect(cropBox(1200, 400, 1.5, { x: 1, y: 0 })).toEqual({ left: 600, top: 0, width: 600, height: 400 });
    expect(cropBox(400, 1200, 1.5, { x: 0.5, y: 0.2 })).toEqual({ left: 0, top: 107, width: 400, height: 267 });
    expect(cropBox(400, 1200, 1.5, { x: 0.5, y: 0.99 })).toEqual({ left: 0, top: 933, width: 400, height: 267 });
  });
});

describe('missingPictureTexts', () => {
  it('names each picture and language without a text, decorative ones aside', () => {
    expect(
      missingPictureTexts([
        { alt: alt('Dach', 'Roof') as never, decorative: false },
        { alt: [{ content: 'Nur Deutsch', language: 2 }] as never, decorative: false },
        { alt: [], decorative: true },
        { alt: [{ content: '  ', language: 1 }] as never, decorative: false },
      ]),
    ).toEqual([
      { index: 1, language: 1 },
      { index: 3, language: 2 },
      { index: 3, language: 1 },
    ]);
  });
});

describe.each(backends)('project pictures on $name', (backend) => {
  it('keeps several pictures in order with their texts and points, and crops every frame and link preview around the point', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const picture = dataUrl(await halves());
    const created = await api(app.url, 'POST', '/api/v1/Project', {
      token,
      body: body({
        pictures: [
          { url: picture, alt: alt('Rote Hälfte', 'Red half'), focus: { x: 0.05, y: 0.5 } },
          { url: dataUrl(await testPhoto(900, 600)), alt: alt('Foto', 'Photo'), focus: { x: 0.5, y: 0.5 } },
          { url: picture, alt: [], focus: { x: 0.95, y: 0.5 }, decorative: true },
        ],
      }),
    });
    expect(created.status, created.text).toBe(201);
    const project: Project = projectSchema.parse(created.body);
    expect(project.pictures).toHaveLength(3);
    // SPEC.md §7's fields are the cover's.
    expect(project.picture).toBe(project.pictures[0]!.url);
    expect(project.pictureSources).toEqual(project.pictures[0]!.sources);
    expect(project.pictures.map((p) => [p.width, p.height, p.decorative, p.focus.x])).toEqual([
      [1200, 400, false, 0.05],
      [900, 600, false, 0.5],
      [1200, 400, true, 0.95],
    ]);
    expect(project.pictures[0]!.alt).toEqual(alt('Rote Hälfte', 'Red half').reverse());
    expect(project.pictures[2]!.alt).toEqual([]);

    // Left point: the 3:2 frame (600 × 400 of 1200 × 400) and the link preview show red only; right point: blue.
    const [left, , right] = project.pictures;
    expect(left!.frame).toMatchObject({ width: 600, height: 400 });
    for (const source of left!.frame!.sources) {
      const colour = await colourOf(app.url + source.url);
      expect(colour.red, source.url).toBeGreaterThan(200);
      expect(colour.blue).toBeLessThan(40);
      expect(colour.width).toBe(source.width);
      expect(colour.height).toBe(Math.round((source.width * 2) / 3));
    }
    for (const source of right!.frame!.sources) expect((await colourOf(app.url + source.url)).blue).toBeGreaterThan(200);
    const share = await colourOf(app.url + left!.shareImage!.url);
    expect(share).toMatchObject({ width: 1200, height: 630 });
    expect(share.red).toBeGreaterThan(200);
    expect((await colourOf(app.url + right!.shareImage!.url)).blue).toBeGreaterThan(200);
    // The same upload twice shares its files; its crops differ by the point.
    expect(right!.sources).toEqual(left!.sources);
    expect(right!.shareImage!.url).not.toBe(left!.shareImage!.url);

    // A visitor's read is staff's without the draft of changes.
    const { draft: _draft, ...asVisitorsRead } = created.body;
    expect((await api(app.url, 'GET', `/api/v1/Project/${project.id}`)).body).toEqual(asVisitorsRead);
  });

  it('moves the point of a kept picture: made again once, the old crops removed, the picture itself kept', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const first = await api(app.url, 'POST', '/api/v1/Project', {
      token,
      body: body({ pictures: [{ url: dataUrl(await halves()), alt: alt('Hälften', 'Halves'), focus: { x: 0, y: 0.5 } }] }),
    });
    const before = first.body.pictures[0];
    const moved = await api(app.url, 'PUT', `/api/v1/Project/${first.body.id}`, {
      token,
      // Sent back as read, with the point moved.
      body: body({ pictures: [{ ...before, focus: { x: 1, y: 0.5 } }] }),
    });
    expect(moved.status, moved.text).toBe(200);
    const after = moved.body.pictures[0];
    expect(after.sources).toEqual(before.sources);
    expect(after.frame.sources).not.toEqual(before.frame.sources);
    expect((await colourOf(app.url + after.frame.sources[0].url)).blue).toBeGreaterThan(200);
    expect((await colourOf(app.url + after.shareImage.url)).blue).toBeGreaterThan(200);
    for (const source of before.frame.sources) expect(await status(app, source.url)).toBe(404);
    expect(await status(app, before.shareImage.url)).toBe(404);
    for (const source of before.sources) expect(await status(app, source.url)).toBe(200);

    // The same point again: nothing is made anew.
    const same = await api(app.url, 'PUT', `/api/v1/Project/${first.body.id}`, {
      token,
      body: body({ pictures: [{ url: after.url, alt: alt('Hälften', 'Halves'), focus: { x: 1, y: 0.5 } }] }),
    });
    expect(same.body.pictures[0].frame).toEqual(after.frame);
  });

  it('requires German and English alternative texts of a published project, unless decorative; SPEC.md §7 saves keep working', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const picture = dataUrl(await testPhoto(600, 400));
    const refused = await api(app.url, 'POST', '/api/v1/Project', {
      token,
      body: body({
        pictures: [
          { url: picture, alt: [{ content: 'Dach', language: 2 }] },
          { url: picture, alt: [] },
          { url: picture, decorative: true },
        ],
      }),
    });
    expect(refused.status).toBe(422);
    expect(fields(refused.body)).toEqual(['pictures.0.alt', 'pictures.1.alt', 'pictures.1.alt']);
    expect(refused.body.errors[0].message).toMatch(/English alternative text/);
    expect((await api(app.url, 'GET', '/api/v1/Project')).body.count).toBe(0);

    // SPEC.md §7: `picture` alone, no texts; read back as the cover, the title its alternative text.
    const legacy = await api(app.url, 'POST', '/api/v1/Project', { token, body: body({ picture }) });
    expect(legacy.status, legacy.text).toBe(201);
    expect(legacy.body.pictures).toHaveLength(1);
    expect(legacy.body.pictures[0]).toMatchObject({ alt: legacy.body.title, decorative: false, focus: { x: 0.5, y: 0.5 } });
    expect(legacy.body.picture).toBe(legacy.body.pictures[0].url);
    // Updated in SPEC.md §7's form with the picture as read: kept.
    const again = await api(app.url, 'PUT', '/api/v1/Project', {
      token,
      body: body({ id: legacy.body.id, picture: legacy.body.picture, location: 'Fulda' }),
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.pictures).toEqual(legacy.body.pictures);
    // A save stating its pictures needs the texts: emptied, refused.
    const stated = await api(app.url, 'PUT', `/api/v1/Project/${legacy.body.id}`, {
      token,
      body: body({ pictures: [{ ...legacy.body.pictures[0], alt: [] }] }),
    });
    expect(stated.status).toBe(422);
    expect(fields(stated.body)).toEqual(['pictures.0.alt', 'pictures.0.alt']);
    const described = await api(app.url, 'PUT', `/api/v1/Project/${legacy.body.id}`, {
      token,
      body: body({ pictures: [{ ...legacy.body.pictures[0], alt: alt('Ein Dach', 'A roof') }] }),
    });
    expect(described.status, described.text).toBe(200);
    expect(described.body.pictures[0].sources).toEqual(legacy.body.pictures[0].sources);
  });

  it('replaces the cover from a SPEC.md §7 data URL, keeping the other pictures', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const created = await api(app.url, 'POST', '/api/v1/Project', {
      token,
      body: body({
        pictures: [
          { url: dataUrl(await testPhoto(600, 400)), alt: alt('Eins', 'One') },
          { url: dataUrl(await testPhoto(500, 500)), alt: alt('Zwei', 'Two') },
        ],
      }),
    });
    const [oldCover, second] = created.body.pictures;
    const replaced = await api(app.url, 'PUT', `/api/v1/Project/${created.body.id}`, {
      token,
      body: body({ picture: dataUrl(await testPhoto(700, 300, 'webp'), 'image/webp') }),
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.pictures).toHaveLength(2);
    expect(replaced.body.pictures[0]).toMatchObject({ width: 700, height: 300, alt: replaced.body.title });
    expect(replaced.body.pictures[1]).toEqual(second);
    expect(await status(app, oldCover.url)).toBe(404);
    expect(await status(app, oldCover.frame.sources[0].url)).toBe(404);
  });

  it('never loses a file another project (or a draft, or a row in the trash) still uses, and removes it once unused', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const picture = dataUrl(await testPhoto(640, 480));
    const texts = { alt: alt('Halle', 'Hall'), focus: { x: 0.5, y: 0.5 } };
    const one = await api(app.url, 'POST', '/api/v1/Project', { token, body: body({ pictures: [{ url: picture, ...texts }] }) });
    const two = await api(app.url, 'POST', '/api/v1/Project', { token, body: body({ pictures: [{ url: picture, ...texts }] }) });
    const shared = one.body.pictures[0];
    expect(two.body.pictures[0]).toEqual(shared);
    const files = [...shared.sources, ...shared.frame.sources, shared.shareImage].map((s: { url: string }) => s.url);

    // Edited away from project one: still project two's.
    const other = dataUrl(await testPhoto(300, 300));
    const edited = await api(app.url, 'PUT', `/api/v1/Project/${one.body.id}`, {
      token,
      body: body({ pictures: [{ url: other, ...texts }] }),
    });
    expect(edited.status).toBe(200);
    for (const file of files) expect(await status(app, file), file).toBe(200);

    // A draft of changes holding it counts as a use too (any column of pictureColumns).
    await sql`update projects set draft = ${JSON.stringify({ pictures: [{ ...JSON.parse((await app.database.db.selectFrom('projects').select('pictures').where('id', '=', two.body.id).executeTakeFirstOrThrow()).pictures)[0] }] })} where id = ${one.body.id}`.execute(
      app.database.db,
    );
    expect((await api(app.url, 'DELETE', `/api/v1/Project/${two.body.id}`, { token })).status).toBe(204);
    // Out of the trash for good: the draft still holds the files.
    expect((await api(app.url, 'DELETE', '/api/v1/Trash', { token })).status).toBe(200);
    for (const file of files) expect(await status(app, file), file).toBe(200);
    const key = shared.sources[0].url.replace('/media/', '');
    expect(await pictureKeysInUse(app.database.db, [key, 'projects/unknown-1.webp'])).toEqual(new Set([key]));

    // The draft gone: the next removal of a user releases the files.
    await sql`update projects set draft = null`.execute(app.database.db);
    expect(await pictureKeysInUse(app.database.db, [key])).toEqual(new Set());
    expect((await api(app.url, 'DELETE', `/api/v1/Project/${one.body.id}`, { token })).status).toBe(204);
    expect((await api(app.url, 'DELETE', '/api/v1/Trash', { token })).status).toBe(200);
    for (const url of edited.body.pictures[0].sources.map((s: { url: string }) => s.url))
      expect(await status(app, url)).toBe(404);
  });

  it('takes pictures as multipart file parts, several at once, and refuses bad parts with the field named', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify(
        body({
          pictures: [
            { file: 'b', alt: alt('Blau', 'Blue'), focus: { x: 1, y: 0.5 } },
            { file: 'a', alt: alt('Rot', 'Red'), focus: { x: 0, y: 0.5 } },
          ],
        }),
      ),
    );
    const bytes = await halves();
    form.append('a', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
    form.append('b', new Blob([new Uint8Array(await testPhoto(800, 600))], { type: 'image/jpeg' }), 'b.jpg');
    const headers = { authorization: `Bearer ${token}` };
    const created = await fetch(`${app.url}/api/v1/Project`, { method: 'POST', headers, body: form });
    const project = (await created.json()) as Project;
    expect(created.status, JSON.stringify(project)).toBe(201);
    expect(project.pictures.map((p) => [p.width, p.height])).toEqual([
      [800, 600],
      [1200, 400],
    ]);
    expect((await colourOf(app.url + project.pictures[1]!.frame!.sources[0]!.url)).red).toBeGreaterThan(200);

    // Files after a `data` without `pictures` are added after the pictures kept.
    const more = new FormData();
    more.append('data', JSON.stringify(body()));
    more.append('c', new Blob([new Uint8Array(await testPhoto(400, 400))], { type: 'image/jpeg' }), 'c.jpg');
    const added = await fetch(`${app.url}/api/v1/Project/${project.id}`, { method: 'PUT', headers, body: more });
    const addedBody = (await added.json()) as Project;
    expect(added.status, JSON.stringify(addedBody)).toBe(200);
    expect(addedBody.pictures.map((p) => p.width)).toEqual([800, 1200, 400]);

    const refusals: [FormData, number, string][] = [];
    const noData = new FormData();
    noData.append('a', new Blob([new Uint8Array(bytes)]), 'a.png');
    refusals.push([noData, 400, 'data']);
    const badJson = new FormData();
    badJson.append('data', '{nope');
    refusals.push([badJson, 400, 'data']);
    const script = new FormData();
    script.append('data', JSON.stringify(body({ pictures: [{ file: 'x', alt: alt('a', 'b') }] })));
    script.append('x', new Blob([new Uint8Array(svgWithScript)], { type: 'image/png' }), 'x.png');
    refusals.push([script, 400, 'x']);
    const missingPart = new FormData();
    missingPart.append('data', JSON.stringify(body({ pictures: [{ file: 'nowhere', alt: alt('a', 'b') }] })));
    refusals.push([missingPart, 400, 'pictures.0.file']);
    const unknownField = new FormData();
    unknownField.append('data', JSON.stringify(body({ picture: dataUrl(bytes) })));
    unknownField.append('title', 'x');
    refusals.push([unknownField, 400, 'title']);
    for (const [form, code, field] of refusals) {
      const res = await fetch(`${app.url}/api/v1/Project`, { method: 'POST', headers, body: form });
      const problem = (await res.json()) as { errors?: { field: string }[] };
      expect(res.status, field).toBe(code);
      expect(fields(problem), field).toContain(field);
    }
    expect((await api(app.url, 'GET', '/api/v1/Project')).body.count).toBe(1);
    // Without a sign-in, nothing is read or stored.
    const anonymous = await fetch(`${app.url}/api/v1/Project`, { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
  });

  it('refuses pictures that are not this project’s, bad points and texts, with the field named', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const picture = dataUrl(await testPhoto(300, 200));
    const one = await api(app.url, 'POST', '/api/v1/Project', {
      token,
      body: body({ pictures: [{ url: picture, decorative: true }] }),
    });
    const two = await api(app.url, 'POST', '/api/v1/Project', {
      token,
      body: body({ pictures: [{ url: dataUrl(await testPhoto(200, 300)), decorative: true }] }),
    });
    const cases: [unknown, string][] = [
      [[{ url: two.body.pictures[0].url, decorative: true }], 'pictures.0.url'],
      [[{ url: '/media/projects/0123456789abcdef0123-960.webp', decorative: true }], 'pictures.0.url'],
      [[{ url: picture, file: 'a', decorative: true }], 'pictures.0'],
      [[{ decorative: true }], 'pictures.0'],
      [[{ url: picture, focus: { x: 1.5, y: 0 } }], 'pictures.0.focus.x'],
      [[{ url: picture, alt: [{ content: 'a', language: 3 }] }], 'pictures.0.alt.0.language'],
      [[{ url: 'data:image/png;base64,AAAA', decorative: true }], 'pictures.0.url'],
      [Array.from({ length: 21 }, () => ({ url: one.body.pictures[0].url, decorative: true })), 'pictures'],
    ];
    for (const [pictures, field] of cases) {
      const res = await api(app.url, 'PUT', `/api/v1/Project/${one.body.id}`, { token, body: body({ pictures }) });
      expect(res.status, field).toBe(400);
      expect(fields(res.body), field).toContain(field);
    }
    const both = await api(app.url, 'PUT', `/api/v1/Project/${one.body.id}`, {
      token,
      body: body({ pictures: one.body.pictures, picture }),
    });
    expect(fields(both.body)).toEqual(['picture']);
    expect((await api(app.url, 'GET', `/api/v1/Project/${one.body.id}`)).body.pictures).toEqual(one.body.pictures);
  });
});
