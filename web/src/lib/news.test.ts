import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { ContentLanguage, type NewsPost } from '@blitz/contract';
import {
  newsArticleData,
  newsArticleJsonLd,
  newsDateText,
  newsFeedLink,
  newsPostUrls,
  newsPublishedDate,
  newsSearchResult,
} from './news';

const markup = '</script><script>alert(1)</script> & "Zitat"';

const post: NewsPost = {
  id: 7,
  address: 'Prüfung-im-Winter',
  title: { de: `Neu ${markup}`, en: 'New vehicle' },
  date: null,
  teaser: { de: 'Kurz <b>gesagt</b>', en: '' },
  cover: null,
  searchTitle: [],
  searchDescription: [{ language: ContentLanguage.English, content: 'Our new van' }],
  noindex: false,
  publishAt: '2027-01-04T06:00:00.000Z',
  sections: [{ id: 'a1', kind: 'text', text: { de: [], en: [{ type: 'paragraph', content: [{ text: 'The van is here.' }] }] } }],
  published: true,
  changedAt: '2027-01-03T10:00:00.000Z',
  createdAt: '2027-01-02T10:00:00.000Z',
  updatedAt: '2027-01-03T10:00:00.000Z',
};

describe('the news pages’ pieces', () => {
  it('names a post’s address in each language, absolute and encoded', () => {
    expect(newsPostUrls(post.address, 'https://www.blitz.example')).toEqual({
      de: 'https://www.blitz.example/aktuelles/Pr%C3%BCfung-im-Winter',
      en: 'https://www.blitz.example/aktuelles/Pr%C3%BCfung-im-Winter?lang=en',
    });
  });

  it('hints at the feed in the head, its title escaped', () => {
    expect(newsFeedLink('en', 'https://www.blitz.example', 'News <& "more">')).toBe(
      '<link rel="alternate" type="application/atom+xml" title="News &#60;&#38; &#34;more&#34;&#62;" href="https://www.blitz.example/aktuelles/feed?lang=en" />',
    );
  });

  it('dates a post by the moment it went live, or by the day staff chose to show', () => {
    expect(newsPublishedDate(post)).toBe('2027-01-04T06:00:00.000Z');
    expect(newsPublishedDate({ ...post, date: '2027-01-04' })).toBe('2027-01-04T06:00:00.000Z');
    expect(newsPublishedDate({ ...post, date: '2026-08-01' })).toBe('2026-08-01');
    expect(newsPublishedDate({ date: null, publishAt: null })).toBeUndefined();
  });

  it('makes NewsArticle data of a post, the company its author and publisher', () => {
    const data = newsArticleData({
      post,
      lang: 'en',
      company: { name: 'Blitz GmbH' },
      origin: 'https://www.blitz.example',
      logo: 'https://www.blitz.example/icon-512.png',
      images: ['https://www.blitz.example/media/files/a-1600.webp'],
    });
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'New vehicle',
      inLanguage: 'en',
      datePublished: '2027-01-04T06:00:00.000Z',
      // Saved before it went live: modified when it went live.
      dateModified: '2027-01-04T06:00:00.000Z',
      author: { '@type': 'Organization', name: 'Blitz GmbH', url: 'https://www.blitz.example/' },
      publisher: {
        '@type': 'Organization',
        name: 'Blitz GmbH',
        url: 'https://www.blitz.example/',
        logo: { '@type': 'ImageObject', url: 'https://www.blitz.example/icon-512.png' },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': 'https://www.blitz.example/aktuelles/Pr%C3%BCfung-im-Winter?lang=en' },
      url: 'https://www.blitz.example/aktuelles/Pr%C3%BCfung-im-Winter?lang=en',
      image: ['https://www.blitz.example/media/files/a-1600.webp'],
    });
  });

  it('escapes the structured data so that no text closes its script element', () => {
    const script = newsArticleJsonLd({
      post,
      lang: 'de',
      company: { name: markup },
      origin: 'https://x.example',
      logo: 'https://x.example/i.png',
    });
    expect(script.startsWith('<script type="application/ld+json">')).toBe(true);
    expect(script.indexOf('</script')).toBe(script.length - '</script>'.length);
    expect(script.slice(script.indexOf('>') + 1, -'</script>'.length)).not.toContain('<');
    const data = JSON.parse(script.slice(script.indexOf('>') + 1, -'</script>'.length)) as {
      headline: string;
      description: string;
    };
    expect(data.headline).toBe(`Neu ${markup}`);
    expect(data.description).toBe('Kurz <b>gesagt</b>');
  });

  it('takes the search entry staff wrote, else the title and the teaser, else the first text', () => {
    const t = ((key: string, values: { postTitle: string }) => `${key}: ${values.postTitle}`) as unknown as TFunction<'common'>;
    expect(newsSearchResult(post, 'de', ContentLanguage.German, t)).toEqual({
      title: `meta.newsPost.titleWithPost: ${post.title.de}`,
      description: 'Kurz <b>gesagt</b>',
      ogTitle: post.title.de,
    });
    expect(
      newsSearchResult(
        { ...post, searchTitle: [{ language: ContentLanguage.English, content: 'Van' }] },
        'en',
        ContentLanguage.English,
        t,
      ),
    ).toEqual({
      title: 'Van',
      description: 'Our new van',
      ogTitle: 'Van',
    });
    expect(newsSearchResult({ ...post, searchDescription: [] }, 'en', ContentLanguage.English, t).description).toBe(
      'The van is here.',
    );
  });

  it('writes the date shown in the page’s language', () => {
    expect(newsDateText('2027-01-04', 'de')).toBe('4. Januar 2027');
    expect(newsDateText('2027-01-04', 'en')).toBe('4 January 2027');
  });
});
