import { describe, expect, it } from 'vitest';
import {
  type CustomPageFile,
  type NewsPostSummaryList,
  type PublishedNewsPost,
  customPageReferencesKey,
  defaultCompanyDetails,
  isSampleCompany,
  newsHomeKey,
  newsListReadPath,
  newsPostReadPath,
} from '@blitz/contract';
import { render } from './entry-server';

// The public news pages (issue 45, decision 064) as the server renders them with their data: the
// list's cards and pages, a post with its cover and sections, their heads (the feed, NewsArticle),
// the home page's newest posts, and every text staff typed as text, never markup.

const markup = '</script><img src=x onerror=alert(1)>';
const words = (de: string, en: string) => ({ de, en });

const cover: CustomPageFile = {
  id: 5,
  kind: 'picture',
  title: words('Fahrzeug', 'Van'),
  alt: words('Das neue Montagefahrzeug', 'The new van'),
  address: '/dateien/5/fahrzeug',
  mediaType: 'image/jpeg',
  size: 1000,
  width: 1600,
  height: 1000,
  sources: [
    { url: '/media/files/van-640.avif', width: 640, type: 'image/avif' },
    { url: '/media/files/van-640.webp', width: 640, type: 'image/webp' },
    { url: '/media/files/van-1600.webp', width: 1600, type: 'image/webp' },
  ],
};

const post: PublishedNewsPost = {
  id: 7,
  address: 'Neues-Fahrzeug',
  title: words(`Neues Montagefahrzeug ${markup}`, 'A new van'),
  date: '2027-01-04',
  teaser: words(`Es ist da. ${markup}`, 'It has arrived.'),
  cover: { fileId: 5, alt: words('', ''), focus: { x: 10, y: 10 } },
  searchTitle: [],
  searchDescription: [],
  noindex: false,
  publishAt: '2027-01-04T06:00:00.000Z',
  sections: [
    { id: 's1', kind: 'text', text: { de: [{ type: 'paragraph', content: [{ text: `Der Text ${markup}` }] }], en: [] } },
    {
      id: 's2',
      kind: 'callToAction',
      heading: words('Fragen?', 'Questions?'),
      text: words('', ''),
      button: words('Anfragen', 'Ask'),
      inquiryType: 'generalMessage',
    },
  ],
  published: true,
  changedAt: '2027-01-04T06:00:00.000Z',
  createdAt: '2027-01-03T06:00:00.000Z',
  updatedAt: '2027-01-03T06:00:00.000Z',
  files: [cover],
};

const summary = ({
  sections: _s,
  files: _f,
  searchTitle: _t,
  searchDescription: _d,
  noindex: _n,
  published: _p,
  ...rest
}: PublishedNewsPost) => rest;

const list = (count: number): NewsPostSummaryList => ({
  count,
  data: [summary(post), { ...summary(post), id: 8, address: 'ohne-bild', title: words('Ohne Bild', 'No picture'), cover: null }],
  files: [cover],
});

/** The content every public page is rendered with once visitors see a post: the navigation links the news. */
const withNews = {
  company: defaultCompanyDetails,
  sampleCompany: isSampleCompany(defaultCompanyDetails),
  preview: false,
  newsLinked: true,
};

describe('the news pages', () => {
  it('list the posts as cards with their covers, dates and teasers, and link the pages before and after', async () => {
    const { html, head } = await render('news', '/aktuelles?page=2', 'de', { [newsListReadPath(2)]: list(25) }, withNews);
    expect(html).toContain('<h1');
    expect(html).toContain('Neues Montagefahrzeug &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('href="/aktuelles/Neues-Fahrzeug"');
    expect(html).toContain('<time dateTime="2027-01-04">4. Januar 2027</time>');
    // The cover in AVIF and WebP, the library's alternative text where the post has none, cut at its focal point.
    expect(html).toContain('type="image/avif" srcSet="/media/files/van-640.avif 640w"');
    expect(html).toContain('alt="Das neue Montagefahrzeug"');
    expect(html).toContain('object-left-top');
    // A card without a cover has no picture; pages as links.
    expect(html.match(/<picture>/g)).toHaveLength(1);
    expect(html).toContain('href="/aktuelles" rel="prev"');
    expect(html).toContain('href="/aktuelles?page=3" rel="next"');
    expect(html).toContain('Seite 2 von 3');
    // The navigation links the news.
    expect(html).toMatch(/<a[^>]*href="\/aktuelles"[^>]*>Aktuelles<\/a>/);
    // Its own head: the page's title and address, the feed.
    expect(head).toContain('<title>Aktuelles – Seite 2 |');
    expect(head).toContain('<link rel="canonical" href="https://www.example.com/aktuelles?page=2" />');
    expect(head).toContain('hreflang="en" href="https://www.example.com/aktuelles?page=2&amp;lang=en"');
    expect(head).toContain('<link rel="alternate" type="application/atom+xml" title="Aktuelles – ');
    expect(head).toContain('href="https://www.example.com/aktuelles/feed" />');

    const english = await render('news', '/aktuelles?lang=en', 'en', { [newsListReadPath(1)]: list(2) }, withNews);
    expect(english.html).toContain('A new van');
    expect(english.html).toContain('href="/aktuelles/Neues-Fahrzeug?lang=en"');
    expect(english.html).toContain('4 January 2027');
    expect(english.html).not.toContain('rel="next"');
    expect(english.head).toContain('href="https://www.example.com/aktuelles/feed?lang=en" />');
  });

  it('say so when there is no post yet', async () => {
    const { html } = await render('news', '/aktuelles', 'de', { [newsListReadPath(1)]: { count: 0, data: [], files: [] } });
    expect(html).toContain('Noch gibt es hier keine Meldungen.');
    expect(html).not.toContain('rel="next"');
  });

  it('show a post with its date, teaser, cover and sections, and the way back', async () => {
    const data = { [newsPostReadPath('Neues-Fahrzeug')]: post, [customPageReferencesKey]: {} };
    const { html, head } = await render('newsPost', '/aktuelles/Neues-Fahrzeug', 'de', data, withNews);
    expect(html.match(/<h1/g)).toHaveLength(1);
    expect(html).toContain('Neues Montagefahrzeug &lt;/script&gt;');
    expect(html).toContain('Es ist da. &lt;/script&gt;');
    expect(html).toContain('Der Text &lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('fetchPriority="high"');
    expect(html).toContain('aspect-[16/9]');
    // The call to action opens the footer form on the post's own page.
    expect(html).toContain('href="/aktuelles/Neues-Fahrzeug?subject=generalMessage#contact-form"');
    expect(html).toMatch(/href="\/aktuelles"[^>]*>.*Alle Meldungen/s);

    expect(head).toContain('<title>Neues Montagefahrzeug &#60;/script&#62;');
    expect(head).toContain('<meta name="description" content="Es ist da.');
    expect(head).toContain('<link rel="canonical" href="https://www.example.com/aktuelles/Neues-Fahrzeug" />');
    expect(head).toContain('hreflang="en" href="https://www.example.com/aktuelles/Neues-Fahrzeug?lang=en"');
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toContain('<meta property="og:image" content="https://www.example.com/media/files/van-1600.webp" />');
    expect(head).toContain('<meta property="og:image:height" content="1000" />');
    expect(head).toContain('type="application/atom+xml"');
    expect(head).not.toContain('</script><img');
    const [article] = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
      JSON.parse(m[1]!),
    );
    expect(article).toMatchObject({
      '@type': 'NewsArticle',
      headline: `Neues Montagefahrzeug ${markup}`,
      description: `Es ist da. ${markup}`,
      datePublished: '2027-01-04T06:00:00.000Z',
      image: ['https://www.example.com/media/files/van-1600.webp'],
      url: 'https://www.example.com/aktuelles/Neues-Fahrzeug',
    });

    const english = await render('newsPost', '/aktuelles/Neues-Fahrzeug?lang=en', 'en', data, withNews);
    expect(english.html).toContain('A new van');
    expect(english.html).toContain('href="/aktuelles?lang=en"');
    expect(english.head).toContain('"url":"https://www.example.com/aktuelles/Neues-Fahrzeug?lang=en"');
  });

  it('keep a post out of search engines when asked, with the search entry staff wrote', async () => {
    const entered = {
      ...post,
      noindex: true,
      searchTitle: [{ language: 2 as const, content: 'Neues Fahrzeug in Hanau' }],
      searchDescription: [{ language: 2 as const, content: 'Schneller vor Ort.' }],
    };
    const { head } = await render('newsPost', '/aktuelles/Neues-Fahrzeug', 'de', {
      [newsPostReadPath('Neues-Fahrzeug')]: entered,
    });
    expect(head).toContain('<title>Neues Fahrzeug in Hanau</title>');
    expect(head).toContain('<meta name="description" content="Schneller vor Ort." />');
    expect(head).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(head).not.toContain('rel="canonical"');
  });

  it('show the newest posts on the home page below its own sections, where staff chose to', async () => {
    const shown = await render('home', '/', 'de', { [newsHomeKey]: list(2) }, withNews);
    expect(shown.html).toContain('id="latest-news-heading"');
    // Below SPEC's sections: after the map's.
    expect(shown.html.indexOf('latest-news-heading')).toBeGreaterThan(shown.html.indexOf('id="map-heading"'));
    expect(shown.html).toMatch(/<h3[^>]*><a href="\/aktuelles\/Neues-Fahrzeug"/);
    expect(shown.html).toContain('Alle Meldungen ansehen');
    const none = await render('home', '/', 'de', {});
    expect(none.html).not.toContain('latest-news-heading');
    expect(none.html).not.toMatch(/href="\/aktuelles"/);
  });
});
