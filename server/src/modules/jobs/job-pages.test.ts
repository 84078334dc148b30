import { describe, expect, it } from 'vitest';
import { berlinDate } from '@blitz/contract';
import { writeFakeWebBuild } from '../../test/fake-web-build';
import { api, databaseKinds, signIn, startTestApp, tempDir } from '../../test/helper';

/**
 * A minimal web build with a server bundle, so that the job pages are rendered per request as in
 * production, without Vite: the bundle renders the address and every text of its data, and a head
 * with the job's title in its structured data (the real head: web/src/entry-server-heads.test.tsx).
 */
function fakeWebBuildWithRenderer(): string {
  return writeFakeWebBuild(
    tempDir(),
    (key, lang) =>
      `<!doctype html><html lang="${lang}"><head><title>${key}</title><meta name="robots" content="noindex, nofollow" /></head><body><div id="root"><p>skeleton</p></div></body></html>`,
    `const texts = JSON.stringify(data).match(/"content":"[^"]*"/g) ?? [];
      const job = Object.entries(data).find(([key]) => /^\\/api\\/v1\\/Job\\/\\d+$/.test(key))?.[1];
      const title = job?.title.find((text) => text.language === (lang === 'de' ? 2 : 1))?.content;
      const posting = job ? '<script type="application/ld+json">' + JSON.stringify({ '@type': 'JobPosting', title }).replace(/</g, '\\\\u003c') + '</script>' : '';
      const applyTo = data['applications-address'] ? '<p data-apply-to>' + data['applications-address'] + '</p>' : '';
      return { html: '<main data-url="' + url + '" data-lang="' + lang + '">' + texts.join(' ') + applyTo + '</main>', head: '<title>' + page + '</title>' + posting };`,
  );
}

const both = (de: string, en: string) => [
  { content: de, language: 2 },
  { content: en, language: 1 },
];

const jobBody = (title: string, extra: Record<string, unknown> = {}) => ({
  title: both(title, `${title} (en)`),
  tasks: both('Montage von Fangeinrichtungen\nMessungen', 'Installing air terminals\nMeasurements'),
  profile: both('Ausbildung im Elektrohandwerk', 'Training as an electrician'),
  offer: both('Ein festes Team', 'A steady team'),
  howToApply: both('Per Kontaktformular', 'Through the contact form'),
  location: 'Hanau',
  employmentType: 'FULL_TIME',
  contact: 'Erika Musterfrau',
  published: true,
  ...extra,
});

/** The JobPosting structured data of a page's head. */
function jobPosting(html: string): Record<string, any> {
  const head = html.slice(0, html.indexOf('</head>'));
  const scripts = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]!) as Record<string, any>;
}

describe.each(databaseKinds)('the job pages, rendered per request, on %s', (kind) => {
  it('list the visible jobs and give each its own page with JobPosting data; drafts and expired jobs are not there', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const token = await signIn(url);
    const create = async (title: string, extra: Record<string, unknown> = {}) => {
      const res = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody(title, extra) });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const shown = await create('Blitzschutzmonteur </script><b>', { validThrough: '2099-12-31', startDate: '2099-01-15' });
    const draft = await create('Entwurfsstelle', { published: false });
    const expired = await create('Abgelaufene Stelle', { validThrough: '2020-01-31' });

    const list = await api(url, 'GET', '/jobs');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Blitzschutzmonteur');
    expect(list.text).not.toContain('Entwurfsstelle');
    expect(list.text).not.toContain('Abgelaufene Stelle');
    // The page carries only the page's language.
    expect(list.text).not.toContain('Blitzschutzmonteur \\u003c/script>\\u003cb> (en)');
    const english = await api(url, 'GET', '/jobs?lang=en');
    expect(english.text).toContain('(en)');

    const page = await api(url, 'GET', `/jobs/${shown}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Montage von Fangeinrichtungen');
    expect(page.text).not.toContain('noindex');
    // The head is the one the web app renders for the job (its content: entry-server-heads.test.tsx).
    expect(page.text.match(/<title>/g)).toHaveLength(1);
    expect(page.text).toContain('<title>job</title>');
    expect(jobPosting(page.text)['title']).toBe('Blitzschutzmonteur </script><b>');

    const pageEn = await api(url, 'GET', `/jobs/${shown}?lang=en`);
    expect(jobPosting(pageEn.text)['title']).toBe('Blitzschutzmonteur </script><b> (en)');
    expect(pageEn.text).toContain('Installing air terminals');

    for (const id of [draft, expired, 424242, 'abc', 0]) {
      const res = await api(url, 'GET', `/jobs/${id}`);
      expect(res.status, String(id)).toBe(302);
      expect(res.headers.get('location'), String(id)).toBe('/jobs');
    }
    const back = await api(url, 'GET', `/jobs/${draft}?lang=en`);
    expect(back.headers.get('location')).toBe('/jobs?lang=en');

    const sitemap = await api(url, 'GET', '/sitemap.xml');
    expect(sitemap.text).toContain(`<loc>https://www.example.com/jobs/${shown}</loc>`);
    expect(sitemap.text).not.toContain(`/jobs/${draft}<`);
    expect(sitemap.text).not.toContain(`/jobs/${expired}<`);
  });

  it('name the recipient of applications from the mail settings, not the general address, from the next request on', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer(), CONTACT_TO: 'info@company.example' });
    expect((await api(url, 'GET', '/jobs')).text).toContain('<p data-apply-to>info@company.example</p>');
    const token = await signIn(url);
    const settings = (await api(url, 'GET', '/api/v1/Settings/Mail', { token })).body;
    const recipients = { ...settings.recipients, application: ['karriere@company.example', 'chef@company.example'] };
    const saved = await api(url, 'PUT', '/api/v1/Settings/Mail', { token, body: { ...settings, recipients } });
    expect(saved.status).toBe(200);
    const page = await api(url, 'GET', '/jobs?lang=en');
    expect(page.text).toContain('<p data-apply-to>karriere@company.example</p>');
    expect((await api(url, 'GET', '/jobs')).text).not.toContain('info@company.example');
  });

  it('show an edit on the next request, and a job published later; a job unpublished leaves both pages', async () => {
    const { url } = await startTestApp(kind, { WEB_DIST: fakeWebBuildWithRenderer() });
    const token = await signIn(url);
    const { body: job } = await api(url, 'POST', '/api/v1/Job', { token, body: jobBody('Monteur alt') });
    expect((await api(url, 'GET', '/jobs')).text).toContain('Monteur alt');
    expect((await api(url, 'GET', `/jobs/${job.id}`)).text).toContain('Monteur alt');

    expect((await api(url, 'PUT', '/api/v1/Job', { token, body: { id: job.id, ...jobBody('Monteur neu') } })).status).toBe(200);
    const list = await api(url, 'GET', '/jobs');
    expect(list.text).toContain('Monteur neu');
    expect(list.text).not.toContain('Monteur alt');
    const page = await api(url, 'GET', `/jobs/${job.id}`);
    expect(jobPosting(page.text)['title']).toBe('Monteur neu');

    await api(url, 'PUT', '/api/v1/Job', { token, body: { id: job.id, ...jobBody('Monteur neu', { published: false }) } });
    expect((await api(url, 'GET', '/jobs')).text).not.toContain('Monteur neu');
    expect((await api(url, 'GET', `/jobs/${job.id}`)).status).toBe(302);
    // A job valid through today is still shown (Berlin's calendar).
    await api(url, 'PUT', '/api/v1/Job', {
      token,
      body: { id: job.id, ...jobBody('Monteur heute', { validThrough: berlinDate() }) },
    });
    expect((await api(url, 'GET', `/jobs/${job.id}`)).status).toBe(200);
  });
});
