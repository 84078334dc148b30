import { describe, expect, it } from 'vitest';
import {
  type SiteLanguage,
  berlinYear,
  defaultCompanyDetails,
  editableTextNamespaces,
  pages,
  sharedTextPlaceholders,
  siteLanguages,
} from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../../test/helper';
import { SmtpSink } from '../../test/smtp-sink';
import { generalMessage, postContact } from '../contact/contact.test-kit';
import { saveSiteTextDraft } from './site-texts.repository';
import { editableKeys, shippedTexts } from './shipped-texts';

/** Every shared placeholder, as staff may write it into any text. */
const everyPlaceholder = sharedTextPlaceholders.map((name) => `{{${name}}}`).join(' ');
/** A shared placeholder left as written. */
const unfilled = new RegExp(`\\{\\{\\s*(${sharedTextPlaceholders.join('|')})\\s*\\}\\}`);

const company = {
  ...defaultCompanyDetails,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  email: 'info@blitzwerk.example',
  vatId: 'DE123456789',
};

// Issue 27, point 10: a site text carrying every placeholder leaves none of them unfilled in
// anything the server sends: the pages, the browser's translations, the mails, the manifest and
// security.txt. (A page's body and head, JSON-LD included, are the web app's render, tested with
// such texts in entry-server.test.tsx and entry-server-heads.test.tsx.)
describe.each(databaseKinds)('every placeholder in every text, on %s', (kind) => {
  it('is filled in every output the server makes from the texts', { timeout: 60_000 }, async () => {
    const smtp = await SmtpSink.start();
    const webDist = writeFakeWebBuild(
      tempDir(),
      (key, lang) =>
        `<!doctype html><html lang="${lang}"><head><title>${key}</title></head><body><div id="root"></div></body></html>`,
      `return { html: '<main>page</main>', head: '<title>page</title>' };`,
    );
    const { app, url } = await startTestApp(kind, {
      WEB_DIST: webDist,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '50',
      CONTACT_TO: 'inbox@blitzwerk.example',
    });
    const token = await signIn(url);
    expect((await api(url, 'PUT', '/api/v1/Settings', { token, body: company })).status).toBe(200);

    const shipped = shippedTexts(app.config.webDist, app.config.webLocales);
    for (const { namespace, key } of editableKeys(shipped))
      for (const language of siteLanguages) {
        const leaf = shipped.leaves(language, namespace).get(key);
        if (!leaf) continue;
        const content = leaf.lines ? `${leaf.value}\n${everyPlaceholder}` : `${leaf.value} ${everyPlaceholder}`;
        await saveSiteTextDraft(app.db, { namespace, key, language }, content);
      }
    expect((await api(url, 'POST', '/api/v1/Text/Publish', { token })).status).toBe(200);

    const job = await api(url, 'POST', '/api/v1/Job', {
      token,
      body: {
        title: [
          { content: 'Monteur', language: 2 },
          { content: 'Fitter', language: 1 },
        ],
        tasks: [{ content: 'Montage', language: 2 }],
        profile: [{ content: 'Schwindelfrei', language: 2 }],
        location: 'Hanau',
        employmentType: 'FULL_TIME',
        published: true,
      },
    });
    expect(job.status).toBe(201);

    const outputs: [string, string][] = [];
    const get = async (path: string) => {
      const res = await api(url, 'GET', path);
      expect(res.status, path).toBe(200);
      outputs.push([path, res.text]);
      return res.text;
    };
    for (const lang of siteLanguages as readonly SiteLanguage[]) {
      for (const page of Object.values(pages).filter((p) => p.prerender && !p.path.includes(':')))
        await get(`${page.path}?lang=${lang}`);
      // A job's head, its JobPosting headings included, is the web app's render (entry-server-heads.test.tsx).
      await get(`/jobs/${job.body.id}?lang=${lang}`);
      for (const namespace of editableTextNamespaces)
        await get(namespace === 'common' ? `/assets/i18n/${lang}.json` : `/assets/i18n/${namespace}/${lang}.json`);
    }
    await get('/site.webmanifest');
    await get('/.well-known/security.txt');
    expect((await postContact(url, generalMessage)).status).toBe(201);
    for (const mail of await smtp.waitFor(2))
      outputs.push([
        `mail to ${mail.to.join()}`,
        `${mail.mail.subject}\n${mail.mail.from?.text}\n${mail.mail.text}\n${mail.mail.html}`,
      ]);

    for (const [where, text] of outputs) expect(unfilled.exec(text)?.[0], where).toBeUndefined();
    // Filled with the saved details and the year, not merely removed.
    const translations = outputs.find(([path]) => path === '/assets/i18n/en.json')![1];
    expect(translations).toContain(`Blitzwerk Blitzwerk Hanau GmbH`);
    expect(translations).toContain('info@blitzwerk.example');
    // The year, the last of the placeholders appended, ends each text.
    expect(translations).toContain(`https://www.example.com ${berlinYear()}"`);
  });
});
