import {
  ContentLanguage,
  type ImportSkip,
  categoryLimits,
  type WordpressImportOptions,
  pages as sitePages,
  redirectFromSchema,
} from '@blitz/contract';
import { wordpressContentToPlain } from './content';
import type { PictureRef } from './picture-sources';
import type { WxrAttachment, WxrExport, WxrPost } from './wxr';

/**
 * What an import makes of an export (decision 054), decided before anything is read from the
 * uploads or written: which posts become projects (the chosen post types and categories, only
 * published ones), their texts and pictures, their category, their old addresses; which are
 * skipped and why; and the old pages with a suggested page of ours.
 */

export type PlannedPicture = PictureRef & {
  /** How the report names it: its file under uploads, else its address. */
  name: string;
  /** WordPress's alternative text (the post's `alt`, else the media library's), null for none. */
  alt: string | null;
};

export type PlannedPost = {
  post: WxrPost;
  title: string;
  content: string;
  scope: string;
  /** The WordPress category the project goes to (the most specific of the post's), null for none. */
  category: string | null;
  /** The cover first. */
  pictures: PlannedPicture[];
  /** Old addresses (paths on this site's terms) that redirect to the project. */
  oldAddresses: string[];
  /** When the post was published, for the projects' order. */
  date: string | undefined;
};

export type PlannedPage = { title: string; from: string; suggested: string | null };

export type ImportPlan = {
  posts: PlannedPost[];
  skipped: ImportSkip[];
  pages: PlannedPage[];
  /** The language of the old site's texts: German unless its export says English. */
  language: ContentLanguage;
};

/** A project's text field holds at most this (the contract's limit of a localised text). */
const textLimit = 20_000;
const maxPictures = 20;

const fold = (text: string) =>
  text.toLocaleLowerCase('de').replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').trim();

/** A post's old address as a redirect's `from`: its path (and WordPress's `?p=ID` when that is its form), or undefined. */
export function oldPath(link: string, base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link, base || undefined);
  } catch {
    return undefined;
  }
  const p = url.searchParams.get('p') ?? url.searchParams.get('page_id');
  const query = p && /^\d{1,12}$/.test(p) ? `?${url.searchParams.has('p') ? 'p' : 'page_id'}=${p}` : '';
  let path = url.pathname;
  // An install in a sub-folder: the old addresses are below it; here they start at the root.
  const basePath = (() => {
    try {
      return new URL(base).pathname.replace(/\/+$/, '');
    } catch {
      return '';
    }
  })();
  if (basePath && path.startsWith(`${basePath}/`)) path = path.slice(basePath.length);
  const from = `${path}${query}`;
  return redirectFromSchema.safeParse(from).success ? from : undefined;
}

/** Our page a WordPress page's slug or title suggests, for the redirect step. */
const suggestions: [RegExp, string][] = [
  [/^(kontakt|kontaktformular|contact|contact-us|anfahrt|anfrage)$/, sitePages.contactus.path],
  [/^(impressum|imprint|legal-notice)$/, sitePages.impressum.path],
  [/^(karriere|jobs?|stellen|stellenangebote|career|careers|ausbildung|bewerbung)$/, sitePages.jobs.path],
  [/^(referenzen|referenz|projekte|references|projects|galerie|gallery|portfolio)$/, sitePages.projects.path],
  [/^(ueber-uns|uber-uns|about|about-us|unternehmen|firma|team|wir)$/, sitePages.aboutus.path],
  [/^(leistungen|services|dienstleistungen|angebot)$/, sitePages.services.path],
  [/^(blitzschutz|lightning-protection)$/, sitePages.blitzschutz.path],
  [/^(home|startseite|start)$/, sitePages.home.path],
];

export function suggestedPage(slug: string, title: string): string | null {
  for (const candidate of [fold(slug), fold(title).replace(/\s+/g, '-')]) {
    for (const [pattern, path] of suggestions) if (pattern.test(candidate)) return path;
  }
  return null;
}

/** The attachment an image's address names: its file, or a resized copy of it (`name-300x200.jpg`). */
function attachmentOfSource(src: string, attachments: WxrAttachment[]): WxrAttachment | undefined {
  const strip = (address: string) => address.split(/[?#]/, 1)[0]!.replace(/-\d+x\d+(\.[a-z0-9]+)$/i, '$1');
  const wanted = strip(src);
  return attachments.find((a) => strip(a.url) === wanted || (a.file !== null && wanted.endsWith(`/${a.file}`)));
}

function plannedOf(attachment: WxrAttachment, alt: string | null): PlannedPicture {
  return {
    url: attachment.url || null,
    file: attachment.file,
    name: attachment.file ?? attachment.url,
    alt: alt ?? attachment.alt,
  };
}

/** The post's pictures, the featured image first, then those of its content in their order, each once. */
function picturesOf(post: WxrPost, images: ReturnType<typeof wordpressContentToPlain>, exported: WxrExport): PlannedPicture[] {
  const byId = new Map(exported.attachments.map((a) => [a.id, a]));
  const result: PlannedPicture[] = [];
  const seen = new Set<string>();
  const add = (picture: PlannedPicture) => {
    const key = picture.file ?? picture.url ?? '';
    if (key === '' || seen.has(key)) return;
    seen.add(key);
    result.push(picture);
  };
  const featured = post.featuredImageId === null ? undefined : byId.get(post.featuredImageId);
  if (featured) add(plannedOf(featured, null));
  for (const image of images.images) {
    const attachment =
      (image.attachmentId !== null ? byId.get(image.attachmentId) : undefined) ??
      (image.src ? attachmentOfSource(image.src, exported.attachments) : undefined);
    if (attachment) add(plannedOf(attachment, image.alt));
    else if (image.src) add({ url: image.src, file: null, name: image.src, alt: image.alt });
  }
  if (images.galleryOfAttached) {
    for (const attachment of exported.attachments.filter((a) => a.parentId === post.id)) add(plannedOf(attachment, null));
  }
  return result;
}

function clip(text: string): string {
  return text.length <= textLimit ? text : `${text.slice(0, textLimit - 1)}…`;
}

export function planImport(exported: WxrExport, options: Pick<WordpressImportOptions, 'categories' | 'postTypes'>): ImportPlan {
  const language = /^en/i.test(exported.site.language) ? ContentLanguage.English : ContentLanguage.German;
  const postTypes = new Set((options.postTypes.length > 0 ? options.postTypes : ['post']).map((t) => t.toLowerCase()));
  const chosen = new Set(options.categories.map(fold));
  const parentOf = new Map(exported.categories.map((c) => [c.slug, c.parent]));
  const ancestors = (slug: string): string[] => {
    const list: string[] = [];
    let at: string | null | undefined = parentOf.get(slug);
    while (at && !list.includes(at) && list.length < 50) {
      list.push(at);
      at = parentOf.get(at);
    }
    return list;
  };
  const nameOf = new Map(exported.categories.map((c) => [c.slug, c.name]));

  const plan: ImportPlan = { posts: [], skipped: [], pages: [], language };
  for (const post of exported.posts) {
    const title = post.title || post.slug || `#${post.id}`;
    if (post.type === 'page') {
      if (post.status !== 'publish') continue;
      const from = oldPath(post.link, exported.site.baseBlogUrl);
      if (from) plan.pages.push({ title, from, suggested: suggestedPage(post.slug, post.title) });
      continue;
    }
    if (!postTypes.has(post.type.toLowerCase())) continue;
    if (post.status !== 'publish') {
      plan.skipped.push({ item: title, reason: `not published (${post.status || 'no status'})`, code: 'not_published' });
      continue;
    }
    if (!post.guid) {
      plan.skipped.push({
        item: title,
        reason: 'no GUID in the export: it could not be told apart on a repeat',
        code: 'no_guid',
      });
      continue;
    }
    const slugs = post.categories.map((c) => c.slug);
    if (chosen.size > 0) {
      const names = [...slugs, ...slugs.flatMap(ancestors)].flatMap((slug) => [slug, nameOf.get(slug) ?? '']);
      names.push(...post.categories.map((c) => c.name));
      if (!names.some((name) => chosen.has(fold(name)))) {
        plan.skipped.push({ item: title, reason: 'not in the chosen categories', code: 'other_category' });
        continue;
      }
    }
    // The most specific category: one no other of the post's has as its ancestor; WordPress's default one last.
    const specific = post.categories.filter((c) => !post.categories.some((o) => o !== c && ancestors(o.slug).includes(c.slug)));
    const category = [...specific].sort((a, b) => Number(a.slug === 'uncategorized') - Number(b.slug === 'uncategorized'))[0];

    const plain = wordpressContentToPlain(post.content);
    const paragraphs = plain.blocks.filter((b) => b.kind === 'paragraph').map((b) => b.text);
    const bullets = plain.blocks.filter((b) => b.kind === 'bullet').map((b) => b.text.replace(/\n/g, ' '));
    const pictures = picturesOf(post, plain, exported);
    if (pictures.length === 0) {
      plan.skipped.push({ item: title, reason: 'no picture: a reference project needs at least one', code: 'no_picture' });
      continue;
    }
    if (pictures.length > maxPictures) {
      plan.skipped.push({
        item: title,
        reason: `${pictures.length - maxPictures} of its pictures left out: a project has at most ${maxPictures}`,
        code: 'too_many_pictures',
      });
    }
    const addresses = [oldPath(post.link, exported.site.baseBlogUrl), oldPath(`/?p=${post.id}`, exported.site.baseBlogUrl)];
    plan.posts.push({
      post,
      title: title.slice(0, 300),
      content: clip(paragraphs.join('\n\n')),
      scope: clip(bullets.join('\n')),
      // Clipped to what the dashboard takes back: a category made here is edited there later.
      category: category ? (category.name || category.slug).slice(0, categoryLimits.nameMaxLength).trim() : null,
      pictures: pictures.slice(0, maxPictures),
      oldAddresses: [...new Set(addresses.filter((a): a is string => a !== undefined))],
      date: post.dateGmt ?? undefined,
    });
  }
  // Oldest first: each new project goes to the top of the staff's order, so the newest ends on top.
  plan.posts.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a.post.id - b.post.id);
  return plan;
}
