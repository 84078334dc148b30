import { describe, expect, it } from 'vitest';
import {
  type CompanyDetails,
  type Job,
  type PageData,
  type PageKey,
  type SiteContent,
  type SiteLanguage,
  defaultCompanyDetails,
  isSampleCompany,
  jobPath,
  pages,
  sharedTextPlaceholders,
  siteLanguages,
} from '@blitz/contract';
import { render } from './entry-server';
import { defaultSiteContent } from './lib/ssr/site-content';

const both = (de: string, en: string) => [
  { content: en, language: 1 as const },
  { content: de, language: 2 as const },
];

/** A company that shares no detail with the placeholder, as staff would save it. */
const saved: CompanyDetails = {
  ...defaultCompanyDetails,
  name: 'Blitzwerk',
  legalName: 'Blitzwerk Hanau GmbH',
  street: 'Am Funkenberg 7',
  postalCode: '60311',
  city: 'Frankfurt am Main',
  phone: '+49 (0)69 987654',
  email: 'info@blitzwerk.de',
  managingDirectors: ['Ada Ampère'],
  jobsContact: 'Jule Joule',
  register: { court: 'Amtsgericht Frankfurt am Main', number: 'HRB 12345' },
  vatId: 'DE123456789',
  foundedYear: 1999,
  map: { latitude: 50.1109, longitude: 8.6821 },
  openingHours: both('Mo.–Do. 8–17 Uhr', 'Mon–Thu 8 am – 5 pm'),
  partners: [{ name: 'Erdwerk Partner', url: 'https://erdwerk.example/', logo: '/media/company/0123456789abcdef0123-1.webp' }],
  statistics: defaultCompanyDetails.statistics.map((statistic, index) =>
    index === 0 ? { value: 4321, label: both('Geprüfte Windräder', 'Wind turbines inspected') } : statistic,
  ),
  person: {
    name: 'Ada Ampère',
    position: both('Inhaberin', 'Owner'),
    quote: both('Jeder Einschlag findet seinen Weg.', 'Every strike finds its way.'),
    picture: '/media/company/fedcba9876543210fedc-2.webp',
  },
};
const content: SiteContent = { company: saved, sampleCompany: isSampleCompany(saved), preview: false };

/** Job 3, in Frankfurt, without a contact of its own. */
const jobOf = (title: Job['title']): Job => ({
  id: 3,
  title,
  tasks: [],
  profile: [],
  offer: [],
  howToApply: [],
  location: 'Frankfurt am Main',
  employmentType: 'FULL_TIME',
  startDate: null,
  validThrough: null,
  searchTitle: [],
  searchDescription: [],
  contact: '',
  published: true,
  position: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

async function page(key: PageKey, lang: SiteLanguage, options: { content?: typeof content; url?: string; data?: PageData } = {}) {
  const { html, head } = await render(key, options.url ?? pages[key].path, lang, options.data, options.content ?? content);
  // Text as a reader gets it: markup and soft hyphens gone, entities of the few escaped characters undone.
  const text = html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00ad/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { html, head, text };
}

describe('public pages render the company details staff saved', () => {
  it('uses a company that is not the sample', () => {
    expect(content.sampleCompany).toBe(false);
  });

  it('home: footer and contacts, statistics, partners, map and structured data', async () => {
    const { html, head, text } = await page('home', 'en');
    expect(text).toContain('Blitzwerk Hanau GmbH Am Funkenberg 7 60311 Frankfurt am Main');
    expect(html).toContain('href="tel:+4969987654"');
    expect(html).toContain('href="mailto:info@blitzwerk.de"');
    expect(text).toContain('Blitzwerk in figures');
    expect(text).toContain('Wind turbines inspected');
    expect(html).toMatch(/data-target="4321"/);
    expect(html).toContain('href="https://erdwerk.example/"');
    expect(html).toContain('src="/media/company/0123456789abcdef0123-1.webp" alt="Erdwerk Partner"');
    expect(html).toContain('marker=50.1109%2C8.6821');
    expect(text).toContain('© ' + new Date().getFullYear() + ' Blitzwerk Hanau GmbH.');
    expect(text).not.toMatch(/Musterblitz|Musterstraße|Hanau GmbH \(|sample company/);

    expect(head).toContain('<meta property="og:site_name" content="Blitzwerk" />');
    const jsonLd = JSON.parse(head.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({
      '@type': 'Electrician',
      name: 'Blitzwerk',
      legalName: 'Blitzwerk Hanau GmbH',
      telephone: '+49 (0)69 987654',
      email: 'info@blitzwerk.de',
      foundingDate: '1999',
      vatID: 'DE123456789',
      logo: 'https://www.example.com/icon-512.png',
      address: {
        streetAddress: 'Am Funkenberg 7',
        postalCode: '60311',
        addressLocality: 'Frankfurt am Main',
        addressCountry: 'DE',
      },
      geo: { latitude: 50.1109, longitude: 8.6821 },
    });
  });

  it('names the icons and link-preview picture drawn from an uploaded logo in the head, the JSON-LD logo too (decision 028)', async () => {
    const drawn = (role: string) => `/media/company/0123456789abcdef0123-${role}`;
    const siteImages = {
      icons: {
        favicon: drawn('favicon.ico'),
        appleTouchIcon: drawn('icon-180.png'),
        icon192: drawn('icon-192.png'),
        icon512: drawn('icon-512.png'),
        maskable512: drawn('maskable-512.png'),
      },
      ogImage: drawn('og-en.png'),
    };
    const { head } = await page('home', 'en', { content: { ...content, siteImages } });
    expect(head).toContain(`<link rel="icon" href="${drawn('favicon.ico')}" sizes="32x32" />`);
    expect(head).toContain(`<link rel="apple-touch-icon" href="${drawn('icon-180.png')}" />`);
    expect(head).toContain(`<meta property="og:image" content="https://www.example.com${drawn('og-en.png')}" />`);
    const jsonLd = JSON.parse(head.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({
      logo: `https://www.example.com${drawn('icon-512.png')}`,
      image: `https://www.example.com${drawn('og-en.png')}`,
    });
    // The head names the icons, the drawn ones in place of the build's: never both.
    expect(head.match(/rel="(?:icon|apple-touch-icon)"/g)).toHaveLength(3);
    expect(head).not.toContain('/favicon.ico');
    // Without an uploaded logo only the link-preview picture is drawn: the build's icons stay.
    const named = await page('aboutus', 'de', { content: { ...content, siteImages: { ogImage: drawn('og-de.png') } } });
    expect(named.head).toContain(`<meta property="og:image" content="https://www.example.com${drawn('og-de.png')}" />`);
    expect(named.head).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
    expect(named.head).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    expect(named.head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
    expect(named.head).not.toContain('/media/company/0123456789abcdef0123-favicon.ico');
    expect((await page('aboutus', 'de')).head).toMatch(
      /<meta property="og:image" content="https:\/\/www\.example\.com\/assets\/og-image-[\w-]+\.png" \/>/,
    );
  });

  it('shows the uploaded logo as the mark in the navbar and the footer, the shipped drawing without one', async () => {
    const icon192 = '/media/company/0123456789abcdef0123-icon-192.png';
    const siteImages = { icons: { favicon: '', appleTouchIcon: '', icon192, icon512: '', maskable512: '' }, ogImage: '' };
    const { html } = await page('home', 'de', { content: { ...content, siteImages } });
    expect(html.match(new RegExp(`<img[^>]*src="${icon192}"[^>]*>`, 'g'))).toHaveLength(2);
    expect(html).not.toContain('M22.5 7L12 22h7l-2.5 11L28 17h-7.2z');
    const shipped = await page('home', 'de', { content });
    expect(shipped.html).not.toContain(icon192);
    expect(shipped.html.match(/M22\.5 7L12 22h7l-2\.5 11L28 17h-7\.2z/g)).toHaveLength(2);
  });

  it('home in German: the labels in German', async () => {
    const { text } = await page('home', 'de');
    expect(text).toContain('Geprüfte Windräder');
    expect(text).toContain('4.321');
  });

  it('has no partner strip without partners', async () => {
    const { html } = await page('home', 'en', { content: { ...content, company: { ...saved, partners: [] } } });
    expect(html).not.toContain('partners-heading');
  });

  it('about: the person, position, quote and picture', async () => {
    const { html, text } = await page('aboutus', 'en');
    expect(html).toContain('src="/media/company/fedcba9876543210fedc-2.webp" alt="Portrait of Ada Ampère, Owner at Blitzwerk"');
    expect(text).toContain('Ada Ampère Owner');
    expect(text).toContain('Every strike finds its way.');
    expect(text).toContain('— Ada Ampère, Owner');
    expect((await page('aboutus', 'de')).text).toContain('Jeder Einschlag findet seinen Weg.');
  });

  it('contact: address, phone, opening hours and the map', async () => {
    const { html, text } = await page('contactus', 'en');
    expect(text).toContain('Office hours Mon–Thu 8 am – 5 pm');
    expect(text).toContain('+49 (0)69 987654');
    expect(html).toContain('https://www.openstreetmap.org/?mlat=50.1109&amp;mlon=8.6821#map=16/50.1109/8.6821');
    expect((await page('contactus', 'de')).text).toContain('Mo.–Do. 8–17 Uhr');
  });

  it('jobs: the e-mail address and the person to ask; a job without its own contact names the latter', async () => {
    const { text } = await page('jobs', 'en');
    expect(text).toContain('info@blitzwerk.de');
    expect(text).toContain('Jule Joule');
    const job = jobOf(both('Monteur', 'Fitter'));
    const detail = await page('job', 'en', { url: jobPath(3), data: { '/api/v1/Job/3': job } });
    expect(detail.text).toContain('Contact person Jule Joule');
  });

  it('jobs: applicants are told the recipient of applications from the mail settings, in the text and the link', async () => {
    const board = { count: 1, data: [jobOf(both('Monteur', 'Fitter'))] };
    const data = { '/api/v1/Job?Language=1&PageLength=100': board, 'applications-address': 'karriere@blitzwerk.de' };
    const { text, html } = await page('jobs', 'en', { data });
    const howToApply = text.slice(text.indexOf('How to apply'), text.indexOf('Get in touch'));
    expect(howToApply).toContain('as a PDF by e-mail to karriere@blitzwerk.de');
    expect(howToApply).toContain('E-mail karriere@blitzwerk.de');
    expect(howToApply).not.toContain('info@blitzwerk.de');
    expect(html).toContain('href="mailto:karriere@blitzwerk.de"');
    expect(text).not.toContain('{{');
  });

  it('jobs: no openings at all is said as such (and how to apply all the same), not as a search that found nothing', async () => {
    const empty = { count: 0, data: [] };
    const german = await page('jobs', 'de', { data: { '/api/v1/Job?Language=2&PageLength=100': empty } });
    expect(german.text).toContain('Zurzeit haben wir keine Stelle ausgeschrieben.');
    expect(german.text).toContain('So bewerben Sie sich');
    expect(german.text).not.toContain('Keine passende Stelle gefunden');
    expect(german.html).not.toContain('role="search"');
    const english = await page('jobs', 'en', { data: { '/api/v1/Job?Language=1&PageLength=100': empty } });
    expect(english.text).toContain('We have no openings advertised at the moment.');
    // A search that matches nothing keeps the spec's text.
    const board = { count: 1, data: [jobOf(both('Monteur', 'Fitter'))] };
    const search = await page('jobs', 'en', {
      url: '/jobs?q=Zauberer',
      data: { '/api/v1/Job?Language=1&PageLength=100': board },
    });
    expect(search.text).toContain('No matching job');
    expect(search.text).not.toContain('no openings');
  });

  it('job: the apply link’s form names the job and sends its id, in the HTML itself (no script needed)', async () => {
    const job = jobOf(both('Monteur (m/w/d)', 'Fitter (m/f/d)'));
    const data = { '/api/v1/Job/3': job };
    const german = await page('job', 'de', { url: `${jobPath(3)}?subject=application`, data });
    expect(german.text).toContain('Bewerbung: Monteur (m/w/d)');
    expect(german.html).toMatch(/<input type="hidden" name="jobId" value="3"\/?>/);
    const english = await page('job', 'en', { url: `${jobPath(3)}?subject=application&lang=en`, data });
    expect(english.text).toContain('Application for Fitter (m/f/d)');
    // Only the apply link applies for the job: the page alone leaves the form as it is.
    const plain = await page('job', 'de', { url: jobPath(3), data });
    expect(plain.html).not.toContain('name="jobId"');
  });

  it('imprint: the saved details, without the placeholder notice', async () => {
    const { text } = await page('impressum', 'en');
    expect(text).toContain('Blitzwerk Hanau GmbH');
    expect(text).toContain('Register court: Amtsgericht Frankfurt am Main');
    expect(text).toContain('VAT identification number');
    expect(text).toContain('DE123456789');
    expect(text).not.toContain('are placeholders');
  });

  it('imprint and about: one managing director in the singular, two in the plural, in both languages', async () => {
    const one = await page('impressum', 'en');
    expect(one.text).toContain('Managing Director: Ada Ampère');
    expect(one.text).toContain('represented by its Managing Director Ada Ampère');
    const two = { ...content, company: { ...saved, managingDirectors: ['Ada Ampère', 'Otto Ohm'] } };
    const en = await page('impressum', 'en', { content: two });
    expect(en.text).toContain('Managing Directors: Ada Ampère and Otto Ohm');
    expect(en.text).toContain('represented by its Managing Directors Ada Ampère and Otto Ohm');
    expect(en.text).not.toContain('Managing Director:');
    const de = await page('impressum', 'de', { content: two });
    expect(de.text).toContain('Geschäftsführer: Ada Ampère und Otto Ohm');
    expect(de.text).toContain('vertreten durch Geschäftsführer Ada Ampère und Otto Ohm');
    expect((await page('aboutus', 'en', { content: two })).text).toContain('Led by Ada Ampère and Otto Ohm');
  });

  it('imprint: the managing directors’ title as the company details choose it (one woman, one man, several)', async () => {
    const as = (management: CompanyDetails['management'], managingDirectors = ['Ada Ampère']) => ({
      ...content,
      company: { ...saved, managingDirectors, ...(management ? { management } : {}) },
    });
    const woman = await page('impressum', 'de', { content: as('woman') });
    expect(woman.text).toContain('Geschäftsführerin: Ada Ampère');
    expect(woman.text).toContain('vertreten durch Geschäftsführerin Ada Ampère');
    expect((await page('impressum', 'en', { content: as('woman') })).text).toContain('Managing Director: Ada Ampère');
    expect((await page('impressum', 'de', { content: as('man') })).text).toContain('Geschäftsführer: Ada Ampère');
    const several = as('several', ['Ada Ampère', 'Otto Ohm']);
    expect((await page('impressum', 'de', { content: several })).text).toContain('Geschäftsführung: Ada Ampère und Otto Ohm');
    expect((await page('impressum', 'en', { content: several })).text).toContain('Managing Directors: Ada Ampère and Otto Ohm');
    // One name, yet a board of several (the others not named): the collective title.
    expect((await page('impressum', 'de', { content: as('several') })).text).toContain('Geschäftsführung: Ada Ampère');
  });
});

describe('the placeholder company', () => {
  it('is marked as a sample in the page’s language, and English pages never say "Platzhalter"', async () => {
    expect(defaultSiteContent.sampleCompany).toBe(true);
    for (const key of ['home', 'aboutus', 'contactus', 'jobs', 'impressum'] as const) {
      const en = await page(key, 'en', { content: defaultSiteContent });
      expect(en.html, key).not.toMatch(/Platzhalter|Beispielfirma/);
      expect(en.text, key).toContain('Musterblitz Blitzschutz GmbH (sample company)');
      const de = await page(key, 'de', { content: defaultSiteContent });
      expect(de.text, key).toContain('Musterblitz Blitzschutz GmbH (Beispielfirma)');
      expect(de.html, key).not.toContain('sample company');
    }
  });

  it('has the imprint say that its details are placeholders', async () => {
    expect((await page('impressum', 'en', { content: defaultSiteContent })).text).toContain('are placeholders');
    expect((await page('impressum', 'de', { content: defaultSiteContent })).text).toContain('sind Platzhalter');
  });
});

// Issue 27, point 10: every text carrying every shared placeholder, rendered into every page and
// its head (and the home page's JSON-LD), leaves none of them unfilled.
describe('every placeholder in every text', () => {
  const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
  const everyPlaceholder = sharedTextPlaceholders.map((name) => `{{${name}}}`).join(' ');
  const unfilled = new RegExp(`\\{\\{\\s*(${sharedTextPlaceholders.join('|')})\\s*\\}\\}`);
  const withPlaceholders = (node: unknown): unknown =>
    typeof node === 'string'
      ? `${node} ${everyPlaceholder}`
      : Array.isArray(node)
        ? node.map(withPlaceholders)
        : node && typeof node === 'object'
          ? Object.fromEntries(Object.entries(node).map(([key, child]) => [key, withPlaceholders(child)]))
          : node;

  it.each(siteLanguages)('is filled on every page in %s', async (lang) => {
    const texts: Record<string, Record<string, unknown>> = {};
    for (const [file, tree] of Object.entries(localeFiles)) {
      const [, fileLang, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
      if (fileLang === lang) texts[namespace!] = withPlaceholders(tree) as Record<string, unknown>;
    }
    for (const key of (Object.keys(pages) as PageKey[]).filter((k) => pages[k].prerender && !pages[k].path.includes(':'))) {
      const { html, head } = await page(key, lang, { content: { ...content, texts } as typeof content });
      expect(unfilled.exec(head)?.[0], `${key} head`).toBeUndefined();
      expect(unfilled.exec(html)?.[0], `${key} page`).toBeUndefined();
      expect(head, key).toContain('Blitzwerk');
    }
  });
});
