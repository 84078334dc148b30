import { describe, expect, it } from 'vitest';
import { type PublishedCustomPage, customPageAddressKey, customPageReadPath, customPageReferencesKey } from '@blitz/contract';
import { render } from './entry-server';

// A page staff added (issue 45, decision 061) as the server renders it with its data: every
// section in the page's language, every text staff typed as text (never markup), and its head.

const markup = '</script><img src=x onerror=alert(1)>';
const words = (de: string, en: string) => ({ de, en });
const paragraph = (text: string) => [{ type: 'paragraph' as const, content: [{ text }] }];

const page: PublishedCustomPage = {
  id: 3,
  address: '/Prüfung-nach-DIN',
  title: words(`Wiederkehrende Prüfung ${markup}`, 'Periodic inspection'),
  linkTitle: words('', ''),
  place: 'navigation',
  placeOrder: 0,
  searchTitle: [],
  searchDescription: [],
  noindex: false,
  published: true,
  createdAt: '2026-11-01T08:00:00Z',
  updatedAt: '2026-11-01T08:00:00Z',
  sections: [
    {
      id: 'intro',
      kind: 'text',
      text: {
        de: [
          { type: 'heading', level: 2, content: [{ text: 'Warum prüfen?' }] },
          {
            type: 'paragraph',
            content: [
              { text: 'Eine Anlage altert. ' },
              { text: 'Die Norm', bold: true },
              { text: ' verlangt es. ' },
              { text: 'Ratgeber', href: '/Blitzschutz' },
              { text: 'gefährlich', href: 'javascript:alert(1)' },
              { text: markup },
            ],
          },
        ],
        en: paragraph('A system ages.'),
      },
    },
    { id: 'numbers', kind: 'figures', items: [{ value: '48 h', label: words('bis zum Bericht', 'until the report') }] },
    { id: 'mast', kind: 'picture', fileId: 1, alt: words('', ''), caption: words('Nach der Prüfung', 'After the inspection') },
    { id: 'refs', kind: 'references', heading: words('Beispiele', 'Examples'), categoryId: null, order: 'newest', limit: 3 },
    {
      id: 'cta',
      kind: 'callToAction',
      heading: words('Termin vereinbaren', 'Book a date'),
      text: words('Wir melden uns.', 'We answer.'),
      button: words('Anfragen', 'Ask'),
      inquiryType: 'priceInquiry',
    },
    { id: 'flyer', kind: 'downloads', heading: words('Zum Mitnehmen', 'To take away'), fileIds: [2, 99] },
    {
      id: 'questions',
      kind: 'faq',
      heading: words('Fragen', 'Questions'),
      items: [{ question: words(`Wie oft? ${markup}`, 'How often?'), answer: words('Jährlich.', 'Yearly.') }],
    },
  ],
  files: [
    {
      id: 1,
      kind: 'picture',
      title: words('Mast', 'Mast'),
      alt: words('Ein Fangmast', 'A mast'),
      address: '/dateien/1/mast',
      mediaType: 'image/jpeg',
      size: 1000,
      width: 1600,
      height: 1000,
      sources: [{ url: '/media/files/abc-480.webp', width: 480, type: 'image/webp' }],
    },
    {
      id: 2,
      kind: 'document',
      title: words('Flyer', 'Leaflet'),
      alt: null,
      address: '/dateien/2/flyer.pdf',
      mediaType: 'application/pdf',
      size: 1_258_291,
      width: null,
      height: null,
      sources: [],
    },
  ],
};

const data = (custom: PublishedCustomPage = page) => ({
  [customPageReadPath(customPageAddressKey(custom.address))]: custom,
  [customPageReferencesKey]: {},
});

describe('a page staff added', () => {
  it('renders every section in its language, staff’s text as text, unsafe links as words', async () => {
    const { html } = await render('customPage', '/Pr%C3%BCfung-nach-DIN', 'de', data());
    expect(html).toContain('<h1');
    expect(html).toContain('Wiederkehrende Prüfung &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('<h2 class="pt-2 text-2xl font-bold tracking-tight text-brand-900 md:text-3xl">Warum prüfen?</h2>');
    expect(html).toContain('<strong>Die Norm</strong>');
    expect(html).toContain('href="/Blitzschutz"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('gefährlich');
    expect(html).toContain('48 h');
    // The picture: the library's alternative text where the section has none; its renditions.
    expect(html).toContain('alt="Ein Fangmast"');
    expect(html).toContain('/media/files/abc-480.webp 480w');
    expect(html).toContain('Nach der Prüfung');
    // The call to action opens the footer form with its type.
    expect(html).toContain('href="/Prüfung-nach-DIN?subject=priceInquiry#contact-form"');
    // A download with its kind and size; a file no longer in the library is left out.
    expect(html).toContain('href="/dateien/2/flyer.pdf"');
    expect(html).toMatch(/PDF, 1[,.]2\s?MB/);
    expect(html).toContain('Wie oft? &lt;/script&gt;');
    // No references to show: no empty section.
    expect(html).not.toContain('Beispiele');

    const english = await render('customPage', '/Pr%C3%BCfung-nach-DIN?lang=en', 'en', data());
    expect(english.html).toContain('Periodic inspection');
    expect(english.html).toContain('A system ages.');
    expect(english.html).toContain('href="/Prüfung-nach-DIN?subject=priceInquiry&amp;lang=en#contact-form"');
  });

  it('has its own head: title, description, its address in both languages, FAQPage data no text breaks out of', async () => {
    const { head } = await render('customPage', '/Pr%C3%BCfung-nach-DIN', 'de', data());
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Wiederkehrende Prüfung &#60;/script&#62;');
    expect(head).toContain('<meta name="description" content="Warum prüfen?');
    expect(head).toContain('<link rel="canonical" href="https://www.example.com/Pr%C3%BCfung-nach-DIN" />');
    expect(head).toContain('<link rel="alternate" hreflang="en" href="https://www.example.com/Pr%C3%BCfung-nach-DIN?lang=en" />');
    expect(head).not.toContain('noindex');
    expect(head).not.toContain('</script><img');
    const [faq] = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(faq).toMatchObject({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: `Wie oft? ${markup}`, acceptedAnswer: { '@type': 'Answer', text: 'Jährlich.' } }],
    });
  });

  it('takes the search entry staff wrote, and keeps a page out of search engines when asked', async () => {
    const entered = {
      ...page,
      searchTitle: [{ language: 2 as const, content: 'Blitzschutz prüfen lassen in Hanau' }],
      searchDescription: [{ language: 2 as const, content: 'Prüfung nach DIN EN 62305-3, Bericht in 48 Stunden.' }],
    };
    const { head } = await render('customPage', '/Pr%C3%BCfung-nach-DIN', 'de', data(entered));
    expect(head).toContain('<title>Blitzschutz prüfen lassen in Hanau</title>');
    expect(head).toContain('<meta name="description" content="Prüfung nach DIN EN 62305-3, Bericht in 48 Stunden." />');
    const hidden = await render('customPage', '/Pr%C3%BCfung-nach-DIN', 'de', data({ ...page, noindex: true }));
    expect(hidden.head).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(hidden.head).not.toContain('rel="canonical"');
  });
});
