import { describe, expect, it } from 'vitest';
import type { NewsPostSummary } from '@blitz/contract';
import { escapeXmlText, newsFeedXml } from './news-feed';
import { childNamed, childrenNamed, parseXml } from './news.test-kit';

const summary = (overrides: Partial<NewsPostSummary> = {}): NewsPostSummary => ({
  id: 3,
  address: 'fahrzeug',
  title: { de: 'Neues Fahrzeug', en: 'New vehicle' },
  date: null,
  teaser: { de: 'Kurz', en: 'Short' },
  cover: null,
  publishAt: '2027-01-04T06:00:00.000Z',
  changedAt: '2027-01-05T09:30:00.123Z',
  ...overrides,
});

describe('the news feed as XML', () => {
  it('escapes markup and leaves out what XML cannot carry', () => {
    expect(escapeXmlText('<a href="x">&\'</a>')).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;&#60;/a&#62;');
    expect(escapeXmlText('a\u0000b\u0008c\u000bd\ufffee\ud800f\tg\nh😀')).toBe('abcdef\tg\nh😀');
  });

  it('is well-formed Atom whatever staff typed, with the text as typed', () => {
    const typed = ']]> <![CDATA[ x ]]> </title><entry> &amp; \u0001 😀';
    const xml = newsFeedXml({
      lang: 'de',
      origin: 'https://www.blitz.example',
      companyName: `Blitz & <Co>`,
      posts: [summary({ title: { de: typed, en: '' }, teaser: { de: typed, en: '' } })],
      now: new Date('2027-01-06T00:00:00Z'),
    });
    const root = parseXml(xml);
    const entry = childrenNamed(root, 'entry');
    expect(entry).toHaveLength(1);
    const expected = typed.replace('\u0001', '');
    expect(childNamed(entry[0]!, 'title')!.text).toBe(expected);
    expect(childNamed(entry[0]!, 'summary')!.text).toBe(expected);
    expect(childNamed(childNamed(root, 'author')!, 'name')!.text).toBe('Blitz & <Co>');
    expect(childNamed(root, 'title')!.text).toBe('Aktuelles – Blitz & <Co>');
    // Updated when it last changed, to the second; the feed's updated is its newest entry's.
    expect(childNamed(entry[0]!, 'updated')!.text).toBe('2027-01-05T09:30:00Z');
    expect(childNamed(root, 'updated')!.text).toBe('2027-01-05T09:30:00Z');
  });

  it('says when it was made when it has no entry, and names its addresses on the public origin', () => {
    const root = parseXml(
      newsFeedXml({
        lang: 'en',
        origin: 'https://x.example',
        companyName: 'X',
        posts: [],
        now: new Date('2027-01-06T00:00:00Z'),
      }),
    );
    expect(childrenNamed(root, 'entry')).toEqual([]);
    expect(childNamed(root, 'updated')!.text).toBe('2027-01-06T00:00:00Z');
    expect(childNamed(root, 'title')!.text).toBe('News – X');
    expect(childrenNamed(root, 'link').map((l) => l.attributes.href)).toEqual([
      'https://x.example/aktuelles/feed?lang=en',
      'https://x.example/aktuelles?lang=en',
    ]);
  });
});
