import { describe, expect, it } from 'vitest';
import { apiRoutes, apiUrl } from '@blitz/contract';
import { listAll } from '../../storage/object-storage';
import { type TestApp, api, backends, signIn, startTestApp } from '../../test/helper';
import { dataUrl, testPhoto } from '../../test/pictures';
import { form, send } from '../files/files.test-kit';

// Reference projects' pictures taken from the library (issue 45, decision 066).

const title = [
  { content: 'Blitzschutz Halle', language: 2 },
  { content: 'Lightning protection hall', language: 1 },
];
const libraryAlt = { de: 'Fangstange auf dem Hallendach', en: 'Air terminal on the hall roof' };

async function libraryPicture(app: TestApp, token: string): Promise<number> {
  const photo = { name: 'Halle.jpg', type: 'image/jpeg', data: await testPhoto(1200, 800) };
  const created = await send(app.url, 'POST', token, form({ title: { de: 'Halle', en: 'Hall' }, alt: libraryAlt }, photo));
  expect(created.status).toBe(201);
  return created.body.id as number;
}

describe.each(backends)('pictures from the library for reference projects on $name', (backend) => {
  it('copies the picture into the project with the library alternative texts, names the project as its use, and keeps it when sent back', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const fileId = await libraryPicture(app, token);

    const created = await api(app.url, 'POST', '/api/v1/Project', {
      token,
      body: { title, location: 'Hanau', pictures: [{ libraryFileId: fileId, focus: { x: 0.2, y: 0.5 } }] },
    });
    expect(created.status, created.text).toBe(201);
    const [picture] = created.body.pictures;
    expect(picture).toMatchObject({
      libraryFileId: fileId,
      width: 1200,
      height: 800,
      focus: { x: 0.2, y: 0.5 },
      alt: [
        { language: 1, content: libraryAlt.en },
        { language: 2, content: libraryAlt.de },
      ],
    });
    // The project's own files, served as every project picture is, with its frame made around the point.
    expect(picture.sources.every((s: { url: string }) => s.url.includes('/projects/'))).toBe(true);
    for (const url of [picture.url, picture.frame.sources[0].url, picture.shareImage.url])
      expect((await fetch(app.url + url)).status, url).toBe(200);

    // The library names the reference where the picture is used, and refuses to delete it.
    const usage = await api(app.url, 'GET', apiUrl(apiRoutes.files.usagePath(fileId)), { token });
    expect(usage.body).toEqual({
      data: [{ kind: 'project', id: created.body.id, title: 'Blitzschutz Halle', address: `/project/${created.body.id}` }],
      count: 1,
    });
    const refused = await api(app.url, 'DELETE', apiUrl(apiRoutes.files.onePath(fileId)), { token });
    expect(refused.status).toBe(409);

    // Sent back as read (with its `libraryFileId` beside the url): kept, not copied again.
    const { id: _id, ...rest } = created.body;
    const saved = await api(app.url, 'PUT', `/api/v1/Project/${created.body.id}`, { token, body: { ...rest, title } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.pictures[0]).toMatchObject({ url: picture.url, libraryFileId: fileId });

    // Given an upload instead, the project no longer uses the library's file, which may then go.
    const replaced = await api(app.url, 'PUT', `/api/v1/Project/${created.body.id}`, {
      token,
      body: { title, location: 'Hanau', pictures: [{ url: dataUrl(await testPhoto(600, 400)), alt: title }] },
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.pictures[0].libraryFileId).toBeNull();
    expect((await api(app.url, 'GET', apiUrl(apiRoutes.files.usagePath(fileId)), { token })).body.count).toBe(0);
    expect((await api(app.url, 'DELETE', apiUrl(apiRoutes.files.onePath(fileId)), { token })).status).toBe(204);
  });

  it('refuses an unknown file, a document and a file in the trash with a clear 400, and stores nothing', async () => {
    const app = await startTestApp(backend);
    const token = await signIn(app.url);
    const pdf = {
      name: 'Flyer.pdf',
      type: 'application/pdf',
      data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    };
    const document = await send(app.url, 'POST', token, form({ title: { de: 'Flyer', en: 'Flyer' } }, pdf));
    expect(document.status).toBe(201);
    const trashed = await libraryPicture(app, token);
    expect((await api(app.url, 'DELETE', apiUrl(apiRoutes.files.onePath(trashed)), { token })).status).toBe(204);

    for (const [fileId, message] of [
      [999, 'no file 999 in the library'],
      [document.body.id, `file ${document.body.id} is not a picture`],
      [trashed, `no file ${trashed} in the library`],
    ] as const) {
      const refused = await api(app.url, 'POST', '/api/v1/Project', {
        token,
        body: { title, location: 'Hanau', pictures: [{ libraryFileId: fileId }] },
      });
      expect(refused.status, refused.text).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'pictures.0.libraryFileId', message }]);
    }
    // Neither a url, a file nor a library file: refused by the schema.
    const nothing = await api(app.url, 'POST', '/api/v1/Project', { token, body: { title, location: 'Hanau', pictures: [{}] } });
    expect(nothing.status).toBe(400);
    expect((await api(app.url, 'GET', '/api/v1/Project?PageLength=10', { token })).body.count).toBe(0);
    expect(await listAll(app.app.media, 'projects/')).toEqual([]);
  });
});
