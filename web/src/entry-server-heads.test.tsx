import { describe, expect, it } from 'vitest';
import {
  type Job,
  type PageData,
  type PageKey,
  type Project,
  type RenderContent,
  type SiteLanguage,
  defaultCompanyDetails,
  jobPath,
  pages,
  projectPath,
} from '@blitz/contract';
import { render } from './entry-server';
import deCommon from './locales/de/common.json';
import deJobs from './locales/de/JobsPage.json';

// The heads of the pages made from one piece of content — a project, a job, a gallery view — as
// the server renders them per request with the page's data (the server only puts this head in
// place of the built one: server/src/modules/pages/page-renderer.ts).

const both = (de: string, en: string) => [
  { content: de, language: 2 as const },
  { content: en, language: 1 as const },
];

const project: Project = {
  id: 42,
  title: both('Umspannwerk <Nord> & Süd', 'Substation north'),
  content: [{ content: 'Erdungsanlage nach DIN EN 50522. '.repeat(10), language: 2 }],
  scopeOfWorks: [],
  location: 'Hanau',
  workDuration: '',
  locationTranslations: both('Hanau', 'Hanau'),
  workDurationTranslations: [],
  client: '',
  categoryID: null,
  category: null,
  picture: '/media/projects/0123456789abcdef0123-1200.webp',
  pictureWidth: 1200,
  pictureHeight: 800,
  pictureSources: [
    { url: '/media/projects/0123456789abcdef0123-600.webp', width: 600, type: 'image/webp' },
    { url: '/media/projects/0123456789abcdef0123-1200.jpg', width: 1200, type: 'image/jpeg' },
    { url: '/media/projects/0123456789abcdef0123-1200.webp', width: 1200, type: 'image/webp' },
  ],
  searchTitle: [],
  searchDescription: [],
  published: true,
  pictures: [],
  featured: false,
  position: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const projectData = { [`/api/v1/Project/${project.id}`]: project };

const job: Job = {
  id: 7,
  title: both('Blitzschutzmonteur </script><b>', 'Blitzschutzmonteur </script><b> (en)'),
  tasks: both('Montage von Fangeinrichtungen\nMessungen', 'Installing air terminals\nMeasurements'),
  profile: both('Ausbildung im Elektrohandwerk', 'Training as an electrician'),
  offer: both('Ein festes Team', 'A steady team'),
  howToApply: both('Per Kontaktformular', 'Through the contact form'),
  location: 'Hanau',
  employmentType: 'FULL_TIME',
  startDate: '2099-01-15',
  validThrough: '2099-12-31',
  searchTitle: [],
  searchDescription: [],
  contact: 'Erika Musterfrau',
  published: true,
  position: 1,
  createdAt: '2026-03-02T08:00:00Z',
  updatedAt: '2026-03-02T08:00:00Z',
};
const jobData = { [`/api/v1/Job/${job.id}`]: job };

async function head(key: PageKey, lang: SiteLanguage, url: string, data?: PageData, content?: RenderContent, origin?: string) {
  return (await render(key, url, lang, data, content, origin)).head;
}

/** The JobPosting structured data of a head. */
function jobPosting(html: string): Record<string, any> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]!) as Record<string, any>;
}

describe('a project’s page', () => {
  it('has its own head and link preview, from the project', async () => {
    const html = await head('project', 'de', projectPath(project.id), projectData);
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The shipped title template, with the project's title and the company's name filled in.
    expect(html).toContain('<title>Umspannwerk &#60;Nord&#62; &#38; Süd – Referenz | Musterblitz</title>');
    expect(html).not.toContain('noindex');
    expect(html).toMatch(/<meta name="description" content="Erdungsanlage nach DIN EN 50522\. [^"]{50,}…" \/>/);
    expect(html).toContain(`<link rel="canonical" href="https://www.example.com/project/${project.id}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="https://www.example.com/project/${project.id}?lang=en" />`);
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/www\.example\.com\/media\/projects\/[a-f0-9]{20}-1200\.webp" \/>/,
    );
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="800" />');
    expect(html).toContain('<meta property="og:type" content="article" />');
    // The project's picture replaces the site's default one: one og:image, one width.
    expect(html.match(/property="og:image"/g)).toHaveLength(1);
    expect(html.match(/property="og:image:width"/g)).toHaveLength(1);
    // The language script, whose hash the page's Content-Security-Policy names, is the built one.
    expect(html).toContain('<script>(function(){');

    const english = await head('project', 'en', `${projectPath(project.id)}?lang=en`, projectData);
    expect(english).toContain('<meta property="og:title" content="Substation north" />');
  });

  it('names the public origin it is given in its addresses and link preview, never the default', async () => {
    const site = 'https://www.blitzschutz-example.de';
    const html = await head('project', 'en', `${projectPath(project.id)}?lang=en`, projectData, undefined, site);
    expect(html).toContain(`<link rel="canonical" href="${site}/project/${project.id}?lang=en" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="de" href="${site}/project/${project.id}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${site}/project/${project.id}" />`);
    expect(html).toContain(`<meta property="og:url" content="${site}/project/${project.id}?lang=en" />`);
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/www\.blitzschutz-example\.de\/media\/projects\/[a-f0-9]{20}-1200\.webp" \/>/,
    );
    expect(html).not.toContain('www.example.com');
  });

  it('shows a picture served from MEDIA_PUBLIC_URL under that address', async () => {
    const cdn = 'https://cdn.blitz.example/bilder/projects/0123456789abcdef0123';
    const far = {
      ...project,
      pictureSources: project.pictureSources.map((s) => ({
        ...s,
        url: s.url.replace('/media/projects/0123456789abcdef0123', cdn),
      })),
    };
    const html = await head('project', 'de', projectPath(project.id), { [`/api/v1/Project/${project.id}`]: far });
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/cdn\.blitz\.example\/bilder\/[^"]+\.webp" \/>/);
  });

  it('keeps the site’s link-preview picture for a project without a photo', async () => {
    const bare = { ...project, picture: '', pictureSources: [], pictureWidth: undefined, pictureHeight: undefined };
    const html = await head('project', 'de', projectPath(project.id), { [`/api/v1/Project/${project.id}`]: bare });
    expect(html).toMatch(/<meta property="og:image" content="https:\/\/www\.example\.com\/assets\/og-image-[\w-]+\.png" \/>/);
    expect(html).not.toContain('og:image:alt');
  });

  it('shows a title with placeholders or i18next markup as written, not filled', async () => {
    const odd = { ...project, title: both('{{companyName}} $t(common:nav.home) {{legalName}}', 'x') };
    const html = await head('project', 'de', projectPath(project.id), { [`/api/v1/Project/${project.id}`]: odd });
    expect(html).toContain('<title>{{companyName}} $t(common:nav.home) {{legalName}} – Referenz | Musterblitz</title>');
  });

  it('takes the search entry staff wrote for its title, description and link preview, per language, escaped', async () => {
    const entered = {
      ...project,
      searchTitle: [{ content: 'Blitzschutz <Umspannwerk> & "Erdung" in Hanau', language: 2 as const }],
      searchDescription: both('Fangstangen & Ableitungen für 110 kV.', 'Air terminals & down conductors for 110 kV.'),
    };
    const data = { [`/api/v1/Project/${project.id}`]: entered };
    const html = await head('project', 'de', projectPath(project.id), data);
    // The whole title as written, no template around it.
    expect(html).toContain('<title>Blitzschutz &#60;Umspannwerk&#62; &#38; &#34;Erdung&#34; in Hanau</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Blitzschutz &#60;Umspannwerk&#62; &#38; &#34;Erdung&#34; in Hanau" />',
    );
    expect(html).toContain('<meta name="description" content="Fangstangen &#38; Ableitungen für 110 kV." />');
    expect(html).toContain('<meta property="og:description" content="Fangstangen &#38; Ableitungen für 110 kV." />');
    expect(html).not.toContain('<Umspannwerk>');

    // English has a description of its own but no title: its title is made as before, not the German entry's.
    const english = await head('project', 'en', `${projectPath(project.id)}?lang=en`, data);
    expect(english).toContain('<title>Substation north – reference | Musterblitz</title>');
    expect(english).toContain('<meta property="og:title" content="Substation north" />');
    expect(english).toContain('<meta name="description" content="Air terminals &#38; down conductors for 110 kV." />');
  });

  it('without its data (as built) is a page not to index, with the general title', async () => {
    const html = await head('project', 'de', pages.project.path.replace(':id', '0'));
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<title>Referenzprojekt | Musterblitz</title>');
    expect(html).not.toContain('rel="canonical"');
  });
});

describe('a job’s page', () => {
  it('has its own head and JobPosting data, which no text can break out of', async () => {
    const html = await head('job', 'de', jobPath(job.id), jobData);
    expect(html).not.toContain('noindex');
    expect(html).toContain(`<link rel="canonical" href="https://www.example.com/jobs/${job.id}" />`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="https://www.example.com/jobs/${job.id}?lang=en" />`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Blitzschutzmonteur &#60;/script&#62;&#60;b&#62; – Stellenangebot | Musterblitz</title>');
    // No text can close the structured data's script element.
    expect(html).not.toContain('</script><b>');
    const posting = jobPosting(html);
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Blitzschutzmonteur </script><b>',
      datePosted: '2026-03-02',
      validThrough: '2099-12-31T23:59:59+01:00',
      employmentType: 'FULL_TIME',
      jobStartDate: '2099-01-15',
      hiringOrganization: { '@type': 'Organization', name: 'Musterblitz', sameAs: 'https://www.example.com' },
      jobLocation: {
        '@type': 'Place',
        address: { '@type': 'PostalAddress', addressLocality: 'Hanau', postalCode: '63450', addressCountry: 'DE' },
      },
      url: `https://www.example.com/jobs/${job.id}`,
    });
    expect(posting['description']).toContain(
      '<h2>Ihre Aufgaben</h2><ul><li>Montage von Fangeinrichtungen</li><li>Messungen</li></ul>',
    );
    expect(posting['description']).toContain('Ausbildung im Elektrohandwerk');
    expect(posting['hiringOrganization'].logo).toMatch(/^https:\/\/www\.example\.com\/.+\.png$/);

    const english = await head('job', 'en', `${jobPath(job.id)}?lang=en`, jobData);
    expect(jobPosting(english)['title']).toBe('Blitzschutzmonteur </script><b> (en)');
    expect(english).toContain('<meta property="og:url" content="https://www.example.com/jobs/7?lang=en" />');
  });

  it('takes the search entry staff wrote, in its language, instead of the title and description made from the job', async () => {
    const entered = {
      ...job,
      searchTitle: both('Monteur </title> gesucht', 'Installer wanted'),
      searchDescription: [{ content: 'Unbefristet, Firmenwagen, ab sofort.', language: 2 as const }],
    };
    const data = { [`/api/v1/Job/${job.id}`]: entered };
    const html = await head('job', 'de', jobPath(job.id), data);
    expect(html).toContain('<title>Monteur &#60;/title&#62; gesucht</title>');
    expect(html).toContain('<meta property="og:title" content="Monteur &#60;/title&#62; gesucht" />');
    expect(html).toContain('<meta name="description" content="Unbefristet, Firmenwagen, ab sofort." />');
    // The structured data keeps the job's own title: a search entry is not the job's name.
    expect(jobPosting(html)['title']).toBe('Blitzschutzmonteur </script><b>');

    const english = await head('job', 'en', `${jobPath(job.id)}?lang=en`, data);
    expect(english).toContain('<title>Installer wanted</title>');
    // No English description: the one made from the job, as before.
    expect(english).toMatch(
      /<meta name="description" content="Blitzschutzmonteur &#60;\/script&#62;&#60;b&#62; \(en\), Hanau\. Installing/,
    );
  });

  it('fills the placeholders of its section headings, site texts of the jobs page, with the saved details', async () => {
    const company = { ...defaultCompanyDetails, name: 'Blitzwerk', legalName: 'Blitzwerk Hanau GmbH' };
    const texts = {
      common: deCommon,
      JobsPage: { ...deJobs, detail: { ...deJobs.detail, tasks: 'Aufgaben bei {{companyName}} {{legalName}}' } },
    };
    // Saved by staff: no longer the sample (which would mark its legal name as one).
    const content = { company, sampleCompany: false, preview: false, texts };
    const html = await head('job', 'de', jobPath(job.id), jobData, content);
    expect(jobPosting(html)['description']).toContain('<h2>Aufgaben bei Blitzwerk Blitzwerk Hanau GmbH</h2>');
    expect(html).toContain('<meta property="og:site_name" content="Blitzwerk" />');
  });
});

describe('the gallery', () => {
  it('gives each view its own address, its defaults left out', async () => {
    const second = await head('projects', 'de', '/Projects?page=2', {});
    expect(second).toContain('<link rel="canonical" href="https://www.example.com/Projects?page=2" />');
    const view = await head('projects', 'en', '/Projects?category=3&page=2&rows=20&lang=en', {});
    expect(view).toContain(
      '<link rel="canonical" href="https://www.example.com/Projects?category=3&amp;page=2&amp;rows=20&amp;lang=en" />',
    );
    expect(view).toContain(
      '<link rel="alternate" hreflang="de" href="https://www.example.com/Projects?category=3&amp;page=2&amp;rows=20" />',
    );
    expect(view).toContain(
      '<meta property="og:url" content="https://www.example.com/Projects?category=3&amp;page=2&amp;rows=20&amp;lang=en" />',
    );
    const first = await head('projects', 'de', '/Projects?page=1&rows=10', {});
    expect(first).toContain('<link rel="canonical" href="https://www.example.com/Projects" />');
  });
});
