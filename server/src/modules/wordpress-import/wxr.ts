import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * Reads the file WordPress's *Tools → Export → All content* writes (WXR: RSS 2.0 with WordPress's
 * `wp:`, `content:` and `excerpt:` elements) into typed records, with a streaming XML parser
 * (saxes) and never more than `maxBytes` read. An export is input from outside: a DOCTYPE is
 * refused before anything of it is read (WordPress never writes one, and it is where entity
 * bombs and external entities live), as is anything that is not well-formed XML or not a WXR.
 */

export type WxrSite = {
  title: string;
  link: string;
  description: string;
  /** As WordPress writes it, e.g. `de-DE`; empty when the export names none. */
  language: string;
  wxrVersion: string;
  /** Where WordPress is installed (`wp:base_site_url`): the only host pictures may come from. */
  baseSiteUrl: string;
  /** The address of the site's front (`wp:base_blog_url`). */
  baseBlogUrl: string;
};

export type WxrCategory = {
  termId: number | null;
  name: string;
  slug: string;
  /** The parent category's slug, null at the top. */
  parent: string | null;
  description: string;
};

export type WxrTerm = { name: string; slug: string };

/** A post, a page, or any other item that is not an attachment (the type says which). */
export type WxrPost = {
  id: number;
  guid: string;
  /** `post`, `page`, or whatever other post type the export holds (`nav_menu_item`, `wp_block`…). */
  type: string;
  /** `publish`, `draft`, `pending`, `private`, `future`… */
  status: string;
  title: string;
  slug: string;
  /** The post's address on the old site: its permalink, or `?p=ID` for a draft. */
  link: string;
  /** Publication time in UTC (ISO 8601); null where WordPress has none (drafts). */
  dateGmt: string | null;
  /** The site's local time as WordPress stored it (`YYYY-MM-DD hh:mm:ss`), for drafts' order. */
  date: string;
  content: string;
  excerpt: string;
  parentId: number | null;
  menuOrder: number;
  categories: WxrTerm[];
  tags: WxrTerm[];
  /** The attachment id of the featured image (`_thumbnail_id`), null without one. */
  featuredImageId: number | null;
};

export type WxrAttachment = {
  id: number;
  guid: string;
  title: string;
  /** `wp:attachment_url`: where the old site serves the original file. */
  url: string;
  /** `_wp_attachment_image_alt`; null where it is missing or empty. */
  alt: string | null;
  /** The post the file was uploaded to, null for none. */
  parentId: number | null;
  /** `_wp_attached_file`: the path under `wp-content/uploads` (`2021/06/name.jpg`). */
  file: string | null;
  dateGmt: string | null;
};

export type WxrExport = {
  site: WxrSite;
  categories: WxrCategory[];
  posts: WxrPost[];
  attachments: WxrAttachment[];
};

export type WxrErrorCode = 'too-large' | 'doctype' | 'malformed' | 'not-wxr';

export class WxrError extends Error {
  constructor(
    readonly code: WxrErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WxrError';
  }
}

export type WxrInput = string | Uint8Array | AsyncIterable<string | Uint8Array>;

export type ParseWxrOptions = {
  /** Bytes read at most; a larger export is refused as soon as it passes the limit. */
  maxBytes?: number;
};

/** 64 MiB: a company site's export without its pictures is a few megabytes. */
export const defaultWxrMaxBytes = 64 * 1024 * 1024;

type Item = {
  fields: Map<string, string>;
  meta: Map<string, string>;
  categories: WxrTerm[];
  tags: WxrTerm[];
};

export async function parseWxr(input: WxrInput, options: ParseWxrOptions = {}): Promise<WxrExport> {
  const maxBytes = options.maxBytes ?? defaultWxrMaxBytes;
  const reader = new WxrReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  const feed = (chunk: string | Uint8Array) => {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (bytes > maxBytes) {
      throw new WxrError('too-large', `The export is larger than ${maxBytes} bytes.`);
    }
    let text: string;
    try {
      text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    } catch {
      throw new WxrError('malformed', 'The export is not valid UTF-8.');
    }
    reader.write(text);
  };

  if (typeof input === 'string' || input instanceof Uint8Array) feed(input);
  else for await (const chunk of input) feed(chunk);
  try {
    reader.write(decoder.decode());
  } catch {
    throw new WxrError('malformed', 'The export is not valid UTF-8.');
  }
  return reader.finish();
}

const channelPath = 'rss/channel';
const itemPath = 'rss/channel/item';

class WxrReader {
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  private readonly stack: string[] = [];
  private text = '';
  private rootSeen = false;
  private readonly channel = new Map<string, string>();
  private readonly categories: WxrCategory[] = [];
  private category: Map<string, string> | null = null;
  private item: Item | null = null;
  private metaKey = '';
  private metaValue = '';
  private itemCategory: { domain: string; slug: string } | null = null;
  private readonly items: Item[] = [];

  constructor() {
    const parser = this.parser;
    parser.on('error', (error) => {
      throw new WxrError('malformed', `The export is not well-formed XML: ${error.message}`);
    });
    parser.on('doctype', () => {
      throw new WxrError(
        'doctype',
        'The export declares a DOCTYPE. WordPress never writes one; it is refused because entity declarations can expand without bound or read local files.',
      );
    });
    parser.on('opentag', (tag) => this.open(tag));
    parser.on('closetag', (tag) => this.close(tag));
    parser.on('text', (text) => (this.text += text));
    parser.on('cdata', (text) => (this.text += text));
  }

  write(text: string) {
    if (text.length > 0) this.parser.write(text);
  }

  finish(): WxrExport {
    this.parser.close();
    if (!this.rootSeen || !this.channel.has('wp:wxr_version')) {
      throw new WxrError('not-wxr', 'The file is XML but not a WordPress export (no rss/channel with wp:wxr_version).');
    }
    const field = (name: string) => (this.channel.get(name) ?? '').trim();
    const site: WxrSite = {
      title: field('title'),
      link: field('link'),
      description: field('description'),
      language: field('language'),
      wxrVersion: field('wp:wxr_version'),
      baseSiteUrl: field('wp:base_site_url'),
      baseBlogUrl: field('wp:base_blog_url') || field('wp:base_site_url'),
    };
    const posts: WxrPost[] = [];
    const attachments: WxrAttachment[] = [];
    for (const item of this.items) {
      const type = itemField(item, 'wp:post_type') || 'post';
      if (type === 'attachment') attachments.push(toAttachment(item));
      else posts.push(toPost(item, type));
    }
    return { site, categories: this.categories, posts, attachments };
  }

  private open(tag: SaxesTagPlain) {
    const path = this.stack.join('/');
    if (this.stack.length === 0) {
      if (tag.name !== 'rss')
        throw new WxrError('not-wxr', `The file is XML but not a WordPress export (its root is <${tag.name}>).`);
      this.rootSeen = true;
    }
    this.stack.push(tag.name);
    this.text = '';
    if (path === channelPath && tag.name === 'item') {
      this.item = { fields: new Map(), meta: new Map(), categories: [], tags: [] };
    } else if (path === channelPath && tag.name === 'wp:category') {
      this.category = new Map();
    } else if (path === itemPath && tag.name === 'wp:postmeta') {
      this.metaKey = '';
      this.metaValue = '';
    } else if (path === itemPath && tag.name === 'category') {
      this.itemCategory = { domain: attribute(tag, 'domain'), slug: attribute(tag, 'nicename') };
    }
  }

  private close(tag: SaxesTagPlain) {
    this.stack.pop();
    const parent = this.stack.join('/');
    const text = this.text;
    this.text = '';
    if (parent === channelPath) {
      if (tag.name === 'item' && this.item) {
        this.items.push(this.item);
        this.item = null;
      } else if (tag.name === 'wp:category' && this.category) {
        const category = this.category;
        const termId = Number(category.get('wp:term_id'));
        this.categories.push({
          termId: Number.isSafeInteger(termId) && termId > 0 ? termId : null,
          name: (category.get('wp:cat_name') ?? '').trim(),
          slug: (category.get('wp:category_nicename') ?? '').trim(),
          parent: (category.get('wp:category_parent') ?? '').trim() || null,
          description: (category.get('wp:category_description') ?? '').trim(),
        });
        this.category = null;
      } else if (!this.channel.has(tag.name)) {
        this.channel.set(tag.name, text);
      }
    } else if (parent === `${channelPath}/wp:category` && this.category) {
      this.category.set(tag.name, text);
    } else if (parent === itemPath && this.item) {
      if (tag.name === 'wp:postmeta') {
        this.item.meta.set(this.metaKey, this.metaValue);
      } else if (tag.name === 'category' && this.itemCategory) {
        const term = { name: text.trim(), slug: this.itemCategory.slug };
        if (this.itemCategory.domain === 'category') this.item.categories.push(term);
        else if (this.itemCategory.domain === 'post_tag') this.item.tags.push(term);
        this.itemCategory = null;
      } else if (!this.item.fields.has(tag.name)) {
        this.item.fields.set(tag.name, text);
      }
    } else if (parent === `${itemPath}/wp:postmeta`) {
      if (tag.name === 'wp:meta_key') this.metaKey = text.trim();
      else if (tag.name === 'wp:meta_value') this.metaValue = text;
    }
  }
}

function attribute(tag: SaxesTagPlain, name: string): string {
  const value = tag.attributes[name];
  return typeof value === 'string' ? value : '';
}

function itemField(item: Item, name: string): string {
  return (item.fields.get(name) ?? '').trim();
}

function positiveId(value: string | undefined): number | null {
  const id = Number((value ?? '').trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** WordPress's `YYYY-MM-DD hh:mm:ss` in UTC → ISO 8601; its "no date" (`0000-00-00 …`) → null. */
function gmtDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || match[1] === '0000') return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function itemId(item: Item): number {
  const id = positiveId(item.fields.get('wp:post_id'));
  if (id === null) throw new WxrError('not-wxr', 'An item of the export has no wp:post_id.');
  return id;
}

function toPost(item: Item, type: string): WxrPost {
  return {
    id: itemId(item),
    guid: itemField(item, 'guid'),
    type,
    status: itemField(item, 'wp:status'),
    title: itemField(item, 'title'),
    slug: itemField(item, 'wp:post_name'),
    link: itemField(item, 'link'),
    dateGmt: gmtDate(itemField(item, 'wp:post_date_gmt')),
    date: itemField(item, 'wp:post_date'),
    content: item.fields.get('content:encoded') ?? '',
    excerpt: item.fields.get('excerpt:encoded') ?? '',
    parentId: positiveId(item.fields.get('wp:post_parent')),
    menuOrder: Number(itemField(item, 'wp:menu_order')) || 0,
    categories: item.categories,
    tags: item.tags,
    featuredImageId: positiveId(item.meta.get('_thumbnail_id')),
  };
}

function toAttachment(item: Item): WxrAttachment {
  const alt = (item.meta.get('_wp_attachment_image_alt') ?? '').trim();
  const file = (item.meta.get('_wp_attached_file') ?? '').trim();
  return {
    id: itemId(item),
    guid: itemField(item, 'guid'),
    title: itemField(item, 'title'),
    url: itemField(item, 'wp:attachment_url') || itemField(item, 'guid'),
    alt: alt === '' ? null : alt,
    parentId: positiveId(item.fields.get('wp:post_parent')),
    file: file === '' ? null : file,
    dateGmt: gmtDate(itemField(item, 'wp:post_date_gmt')),
  };
}
