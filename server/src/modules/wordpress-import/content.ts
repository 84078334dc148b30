import { Parser } from 'htmlparser2';

/**
 * Turns a WordPress post's content (block markup, classic editor HTML, shortcodes) into what a
 * reference project holds: plain paragraphs and bullet lines, and the list of its pictures.
 * Nothing of the markup survives: the result is text only, so no script, handler or link can
 * reach a page from here; the contents of scripts, styles, frames, embeds and forms are dropped
 * with them. The HTML is read by htmlparser2, which tolerates what editors paste.
 */

export type ContentBlock = { kind: 'paragraph' | 'bullet'; text: string };

export type ContentImage = {
  /** The picture's address as the post names it; null for a gallery's picture (named by id only). */
  src: string | null;
  /** The `alt` the post gives it; null where it is missing or empty. */
  alt: string | null;
  /** The media library's id, from the `wp-image-N` class or the `[gallery ids]` list. */
  attachmentId: number | null;
  /** A block's `<figcaption>` or the text of a `[caption]` shortcode. */
  caption: string | null;
};

export type PlainContent = {
  blocks: ContentBlock[];
  images: ContentImage[];
  /** A `[gallery]` without `ids` shows every picture uploaded to the post (the attachments whose parent it is). */
  galleryOfAttached: boolean;
};

// Elements whose contents are never text for a reader.
const dropped = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'noscript',
  'template',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'canvas',
  'audio',
  'video',
  'form',
  'textarea',
  'select',
  'button',
  'head',
  'title',
]);

// Elements that end one paragraph and begin the next.
const blockLevel = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'main',
  'nav',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'figure',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'hr',
  'address',
  'details',
  'summary',
]);

// Shortcodes whose enclosed text is an address or markup, never prose (`[embed]URL[/embed]`).
const droppedShortcodes = new Set(['embed', 'video', 'audio', 'playlist', 'wpvideo', 'code']);

// A shortcode's attributes hold no bracket and are bounded, so that a post full of unclosed `[`
// is read in linear time.
const shortcodeToken = /\[(\[?)(\/?)([A-Za-z][\w-]{0,100})((?:\s[^[\]]{0,2000})?)(\/?)\](\]?)/g;
const shortcodeAttribute = /([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+))/g;

export function wordpressContentToPlain(html: string): PlainContent {
  const blocks: ContentBlock[] = [];
  const images: ContentImage[] = [];
  // WordPress's own rule: content without block markup is the classic editor's, where a blank
  // line is a paragraph and a single line break a <br> (wpautop).
  const classic = !html.includes('<!-- wp:');

  let paragraph = '';
  let pending = '';
  let skipDepth = 0;
  let listItemDepth = 0;
  let figureStart: number | null = null;
  let figcaption: string | null = null;
  let captionImage: number | null = null; // inside [caption]: the index its picture got, or -1 before it
  let captionText = '';
  let droppedShortcode: string | null = null;
  let galleryOfAttached = false;

  const flush = () => {
    const lines = paragraph
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '');
    paragraph = '';
    if (lines.length > 0) blocks.push({ kind: listItemDepth > 0 ? 'bullet' : 'paragraph', text: lines.join('\n') });
  };

  const addText = (text: string) => {
    if (droppedShortcode !== null) return;
    if (captionImage !== null) {
      // A [caption]'s text before its picture is nothing; after it, it is the picture's caption.
      if (captionImage >= 0) captionText += text;
      return;
    }
    if (figcaption !== null) {
      figcaption += text;
      return;
    }
    if (!classic) {
      paragraph += text.replace(/\s+/g, ' ');
      return;
    }
    const parts = text.split(/\n[ \t\r]*\n/);
    parts.forEach((part, index) => {
      if (index > 0) flush();
      paragraph += part;
    });
  };

  const shortcode = (closing: boolean, name: string, attributes: string) => {
    const tag = name.toLowerCase();
    if (droppedShortcode !== null) {
      if (closing && tag === droppedShortcode) droppedShortcode = null;
      return;
    }
    if (tag === 'gallery' && !closing) {
      const ids = shortcodeAttributes(attributes).get('ids') ?? shortcodeAttributes(attributes).get('include');
      if (ids === undefined) galleryOfAttached = true;
      for (const id of (ids ?? '').split(',')) {
        const attachmentId = positiveInteger(id);
        if (attachmentId !== null) images.push({ src: null, alt: null, attachmentId, caption: null });
      }
    } else if (tag === 'caption' || tag === 'wp_caption') {
      if (!closing) {
        captionImage = -1;
        captionText = '';
      } else {
        const caption = captionText.replace(/\s+/g, ' ').trim();
        if (captionImage !== null && captionImage >= 0 && caption !== '') images[captionImage]!.caption = caption;
        captionImage = null;
        captionText = '';
      }
    } else if (droppedShortcodes.has(tag) && !closing) {
      droppedShortcode = tag;
    }
    // Any other shortcode (a form, a slider, a plugin's) is left out; the text it encloses stays.
  };

  // Text is gathered until the next tag, then read for shortcodes: a shortcode's brackets and
  // attributes are text to the HTML parser, and may arrive in pieces.
  const takePending = () => {
    const text = pending;
    pending = '';
    if (text === '') return;
    let last = 0;
    for (const match of text.matchAll(shortcodeToken)) {
      addText(text.slice(last, match.index));
      last = match.index + match[0].length;
      const [, openEscape, slash, name, attributes, , closeEscape] = match;
      if (openEscape && closeEscape)
        addText(match[0].slice(1, -1)); // [[gallery]] is the text [gallery]
      else shortcode(slash === '/', name!, attributes ?? '');
    }
    addText(text.slice(last));
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        takePending();
        if (skipDepth > 0 || dropped.has(name)) {
          skipDepth++;
          return;
        }
        if (name === 'img') {
          images.push(imageOf(attributes));
          if (captionImage === -1) captionImage = images.length - 1;
        } else if (name === 'br') {
          addText('\n');
          if (!classic) paragraph += '\n';
        } else if (name === 'li') {
          flush();
          listItemDepth++;
        } else if (name === 'figcaption') {
          flush();
          figcaption = '';
        } else if (blockLevel.has(name)) {
          flush();
          if (name === 'figure') figureStart = images.length;
        }
      },
      onclosetag(name) {
        takePending();
        if (skipDepth > 0) {
          skipDepth--;
          return;
        }
        if (name === 'li') {
          flush();
          listItemDepth = Math.max(0, listItemDepth - 1);
        } else if (name === 'figcaption' && figcaption !== null) {
          const caption = figcaption.replace(/\s+/g, ' ').trim();
          figcaption = null;
          const image = figureStart !== null && images.length > figureStart ? images[images.length - 1] : undefined;
          if (image && caption !== '') image.caption = caption;
          else if (caption !== '') blocks.push({ kind: 'paragraph', text: caption });
        } else if (blockLevel.has(name)) {
          flush();
          if (name === 'figure') figureStart = null;
        }
      },
      ontext(text) {
        if (skipDepth === 0) pending += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  takePending();
  flush();
  return { blocks, images, galleryOfAttached };
}

function imageOf(attributes: Record<string, string>): ContentImage {
  const alt = (attributes.alt ?? '').replace(/\s+/g, ' ').trim();
  const id = (attributes.class ?? '')
    .split(/\s+/)
    .map((name) => (name.startsWith('wp-image-') ? positiveInteger(name.slice('wp-image-'.length)) : null))
    .find((value) => value !== null);
  return { src: safeSource(attributes.src), alt: alt === '' ? null : alt, attachmentId: id ?? null, caption: null };
}

/** An http(s) address or a path on the old site; anything else (`javascript:`, `data:`) is none. */
function safeSource(src: string | undefined): string | null {
  const value = (src ?? '').trim();
  if (value === '') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function shortcodeAttributes(text: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const match of text.matchAll(shortcodeAttribute)) {
    result.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return result;
}

function positiveInteger(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}
