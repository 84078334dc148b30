import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inquiryFormSchema, inquiryTypeListSchema } from '@blitz/contract';
import { postContact, priceInquiry } from '../modules/contact/contact.test-kit';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../test/helper';
import { createBackup } from './backup';
import { emptySite, siteOfTestApp, startAppOn } from './backup.test-kit';
import { restoreBackup } from './restore';

// Issue 44: backups carry the form's definitions, every version, and each inquiry's version.
describe.each(databaseKinds)('the inquiry form after a backup is restored, on %s', (kind) => {
  it('is the form staff shaped, and each inquiry keeps its version', async () => {
    const source = await startTestApp(kind, { CONTACT_MIN_FILL_SECONDS: '0' });
    const token = await signIn(source.url);
    const list = inquiryTypeListSchema.parse((await api(source.url, 'GET', '/api/v1/InquiryType', { token })).body);
    const price = list.types[0]!;
    await api(source.url, 'PUT', '/api/v1/InquiryType', {
      token,
      body: {
        ...price,
        fields: price.fields.map((f) =>
          f.key === 'CompanyName' ? { ...f, required: false, labels: { de: 'Firma oder Gemeinde', en: '' } } : f,
        ),
      },
    });
    const sent = await postContact(source.url, { ...priceInquiry, CompanyName: '', formVersion: '1' });
    expect(sent.status).toBe(201);
    const archive = path.join(tempDir(), 'site.tar.gz');
    await createBackup(await siteOfTestApp(source), archive);
    await source.app.close();

    const target = await emptySite(kind);
    await restoreBackup(target, archive);
    const restored = await startAppOn(target);
    const form = inquiryFormSchema.parse((await api(restored.url, 'GET', '/api/v1/InquiryType?lang=de')).body);
    expect(form.version).toBe(1);
    expect(form.types[0]!.fields.find((f) => f.key === 'CompanyName')).toMatchObject({
      required: false,
      label: 'Firma oder Gemeinde',
    });
    expect(await restored.query('select form_version from inquiries')).toEqual([{ form_version: 1 }]);
  });
});
