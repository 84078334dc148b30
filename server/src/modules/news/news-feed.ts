import {
  type NewsPostSummary,
  type SiteLanguage,
  atomMediaType,
  newsFeedPath,
  newsListPath,
  newsPostPath,
} from '@blitz/contract';

/** The feed's title beside the company's name, in its language. */
const feedWords = { de: 'Aktuelles', en: 'News' } as const satisfies Record<SiteLanguage, string>;

// XML 1.0 takes no control characters but tab and line breaks, no lone surrogate and no U+FFFE/FFFF.
const notXml = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/**
 * Text as XML character data or a quoted attribute's value: whatever staff typed (markup too) is
 * text to a feed reader, and a character XML cannot carry is left out rather than breaking the feed.
 */
export function escapeXmlText(value: string): string {
  return value.replace(notXml, '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A moment as Atom's date-time (RFC 3339): to the second, in UTC. */
const atomTime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

const later = (a: string, b: string) => (a > b ? a : b);

export type NewsFeedInput = {
  lang: SiteLanguage;
  /** The site's public origin (`https://www.example.de`): every address is absolute on it. */
  origin: string;
  companyName: string;
  /** The newest posts visitors see, newest first. */
  posts: readonly NewsPostSummary[];
  /** The feed's `updated` when it has no entry. */
  now: Date;
};

/**
 * The posts as an Atom 1.0 feed (RFC 4287) in one language: the feed's id, title, author and
 * links (itself, the news page), and an entry per post with its title, its teaser as the summary,
 * when it was published and last changed, and its address. An entry's id names the post, not its
 * address (which staff may change): `tag:<host>,<day it was first published>:news/<id>/<lang>`.
 */
export function newsFeedXml(input: NewsFeedInput): string {
  const { lang, origin, posts } = input;
  const url = (path: string) => escapeXmlText(new URL(path, origin).href);
  const host = new URL(origin).hostname;
  const updated = posts.reduce((newest, post) => later(newest, later(post.changedAt, post.publishAt!)), '');
  const entries = posts.map((post) => {
    const published = post.publishAt!;
    const summary = post.teaser[lang];
    return [
      '  <entry>',
      `    <id>tag:${escapeXmlText(host)},${published.slice(0, 10)}:news/${post.id}/${lang}</id>`,
      `    <title type="text">${escapeXmlText(post.title[lang])}</title>`,
      `    <link rel="alternate" type="text/html" href="${url(newsPostPath(post.address, lang))}"/>`,
      `    <published>${atomTime(published)}</published>`,
      `    <updated>${atomTime(later(post.changedAt, published))}</updated>`,
      ...(summary ? [`    <summary type="text">${escapeXmlText(summary)}</summary>`] : []),
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${lang}">`,
    `  <id>${url(newsFeedPath(lang))}</id>`,
    `  <title type="text">${escapeXmlText(`${feedWords[lang]} – ${input.companyName}`)}</title>`,
    `  <updated>${atomTime(updated || input.now.toISOString())}</updated>`,
    `  <author><name>${escapeXmlText(input.companyName)}</name><uri>${url('/')}</uri></author>`,
    `  <link rel="self" type="${atomMediaType}" href="${url(newsFeedPath(lang))}"/>`,
    `  <link rel="alternate" type="text/html" hreflang="${lang}" href="${url(newsListPath(lang))}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
