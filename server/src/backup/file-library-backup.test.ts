import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfFile } from '../modules/contact/contact.test-kit';
import { form, send } from '../modules/files/files.test-kit';
import { backends, getOnce, signIn, startTestApp, tempDir } from '../test/helper';
import { testPhoto } from '../test/pictures';
import { createBackup } from './backup';
import { emptySite, siteOfTestApp, startAppOn } from './backup.test-kit';
import { restoreBackup } from './restore';

// The file library's rows and files travel in a backup (decision 060): its module declares them.
describe.each(backends)('the file library in a backup, on $name', (backend) => {
  it('is restored whole: each file served at the same address, each rendition of a picture too', async () => {
    const site = await startTestApp(backend);
    const { url } = site;
    const token = await signIn(url);
    const titles = { title: { de: 'Datenblatt', en: 'Data sheet' } };
    const flyer = pdfFile('datenblatt.pdf', 500);
    const document = (await send(url, 'POST', token, form(titles, flyer))).body;
    const photo = { name: 'dach.png', type: 'image/png', data: await testPhoto(300, 200, 'png') };
    const picture = (await send(url, 'POST', token, form({ ...titles, alt: { de: 'Ein Dach', en: 'A roof' } }, photo))).body;
    const served = (await getOnce(url + picture.address)).body;
    const archive = path.join(tempDir(), 'site.tar.gz');
    await createBackup(await siteOfTestApp(site), archive);

    const target = await emptySite(backend.db, backend.storage);
    await restoreBackup(target, archive);
    const restored = await startAppOn(target);
    expect((await getOnce(restored.url + document.address)).body.equals(flyer.data)).toBe(true);
    expect((await getOnce(restored.url + picture.address)).body.equals(served)).toBe(true);
    for (const source of picture.sources as { url: string }[])
      expect((await getOnce(restored.url + source.url)).status).toBe(200);
  });
});
