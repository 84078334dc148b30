import {
  type NewsPost,
  type NewsPostList,
  type NewsPostSummaryList,
  type NewsPostValues,
  type NewsPublishedQuery,
  type PublishedNewsPost,
  newsPostPath,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import { checkAddress } from '../section-documents/document-addresses';
import { pageOf, staffReadOf, visitorReadOf } from '../section-documents/document-reads';
import {
  type DocumentKind,
  changeDocument,
  createDocument,
  discardDocumentDraft,
  publishDocument,
  removeDocument,
  unpublishDocument,
} from '../section-documents/document-drafts';
import { canonical, checkSections, holdLibraryFile, sectionFileIds, withSectionIds } from '../section-documents/section-values';
import { filesForVisitors } from '../files/files.service';
import { newsEntry } from './news-audit';
import {
  type NewsPostRecord,
  type StoredPostValues,
  findNewsPost,
  findPendingPostAt,
  findVisiblePostAt,
  insertNewsPost,
  listNewsPosts,
  listVisiblePosts,
  writeNewsPost,
} from './news.repository';

/** The library's files a post shows: its cover, and its sections' pictures and downloads. */
export function postFiles(values: StoredPostValues): number[] {
  return [...(values.cover ? [values.cover.fileId] : []), ...sectionFileIds(values.sections)];
}

/**
 * News posts as documents with projects' drafts (section-documents/document-drafts.ts), as pages
 * are: their row, their audit entry, and what a save checks — the address (no other post, no
 * redirect leading away from /aktuelles/…), the cover and the sections. A post goes
 * live with the moment it is published when it names none.
 */
export const newsKind: DocumentKind<StoredPostValues> = {
  table: 'news_posts',
  noun: 'news post',
  // One path for both languages (decision 064): a redirect it leaves keeps the visitor's ?lang=.
  path: (address) => newsPostPath(address, 'de'),
  kind: 'news',
  name: 'News post',
  find: findNewsPost,
  insert: insertNewsPost,
  write: writeNewsPost,
  entry: newsEntry,
  async check(trx, values, id, kept) {
    await checkAddress(trx, newsKind, values.address, id, kept);
    // A cover chosen before stays as it was saved, as a section does.
    const cover = values.cover;
    if (cover && !kept.some((v) => v?.cover && canonical(v.cover) === canonical(cover)))
      await holdLibraryFile(trx, 'cover.fileId', cover.fileId, true);
    await checkSections(trx, values.sections, kept);
  },
  asLive: (values, now) => (values.publishAt === null ? { ...values, publishAt: now.toISOString() } : values),
};

/** A post as staff read it: with whether it is live, its draft of changes, and when visitors' values last changed. */
const staffRead = (record: NewsPostRecord): NewsPost => ({ ...staffReadOf(record), changedAt: record.changedAt });

/** A post as visitors read it: its published values, nothing of a draft. */
const visitorRead = (record: NewsPostRecord): NewsPost => ({ ...visitorReadOf(record), changedAt: record.changedAt });

export async function getNewsPosts(db: Db, query: { PageLength: number; PageNumber: number }): Promise<NewsPostList> {
  return pageOf(await listNewsPosts(db), query, staffRead);
}

export async function getNewsPost(db: Db, id: number): Promise<NewsPost> {
  const record = await findNewsPost(db, id);
  if (!record) throw notFound('News post');
  return staffRead(record);
}

/**
 * A post visitors see by its address at `now`, with the library's files it shows (its cover's and
 * its sections' sources); a draft, a scheduled one, one in the trash or none at all are the same 404.
 */
export async function getVisiblePostAt(
  db: Db,
  address: string,
  now: Date,
  mediaPublicUrl: string | undefined,
): Promise<PublishedNewsPost> {
  const record = await findVisiblePostAt(db, address, now);
  if (!record) throw notFound('News post');
  return { ...visitorRead(record), files: await filesForVisitors(db, postFiles(record.values), mediaPublicUrl) };
}

/**
 * The post at an address as staff previewing the drafts see it: a live post's draft of changes,
 * or a post not yet published or not yet due; undefined where no post is.
 */
export async function getPostPreviewAt(
  db: Db,
  address: string,
  mediaPublicUrl: string | undefined,
): Promise<PublishedNewsPost | undefined> {
  const record = await findPendingPostAt(db, address);
  if (!record) return undefined;
  const values = record.draft ?? record.values;
  const { draft: _draft, ...post } = staffRead(record);
  return { ...post, ...values, files: await filesForVisitors(db, postFiles(values), mediaPublicUrl) };
}

/** A page of the posts visitors see at `now`, without their sections (a list shows their cards), with their covers' files. */
export async function getVisiblePosts(
  db: Db,
  query: NewsPublishedQuery,
  now: Date,
  mediaPublicUrl: string | undefined,
): Promise<NewsPostSummaryList> {
  const { records, count } = await listVisiblePosts(db, now, {
    offset: (query.PageNumber - 1) * query.PageLength,
    limit: query.PageLength,
  });
  const covers = records.flatMap(({ values }) => (values.cover ? [values.cover.fileId] : []));
  return {
    data: records.map(({ id, values, changedAt }) => ({
      id,
      address: values.address,
      title: values.title,
      date: values.date,
      teaser: values.teaser,
      cover: values.cover,
      publishAt: values.publishAt,
      changedAt,
    })),
    count,
    files: await filesForVisitors(db, covers, mediaPublicUrl),
  };
}

type PostFields = NewsPostValues & { published?: boolean | undefined };

/** A new post; `now` (the app's clock) is the moment one published without a time goes live. */
export async function createNewsPost(db: Db, fields: PostFields, now: Date): Promise<NewsPost> {
  const { published = false, ...values } = fields;
  return getNewsPost(db, await createDocument(newsKind, db, withSectionIds(values), published, now));
}

/** Saves a post as a page is saved: `published: true` live, `false` a draft (of changes), left out its state. */
export async function changeNewsPost(
  db: Db,
  id: number,
  fields: PostFields & { updatedAt?: string | undefined },
  now: Date,
): Promise<NewsPost> {
  const { published, updatedAt, ...values } = fields;
  await changeDocument(newsKind, db, id, withSectionIds(values), { published, updatedAt, now });
  return getNewsPost(db, id);
}

export async function publishNewsPost(db: Db, id: number, now: Date): Promise<NewsPost> {
  await publishDocument(newsKind, db, id, now);
  return getNewsPost(db, id);
}

export async function unpublishNewsPost(db: Db, id: number): Promise<NewsPost> {
  await unpublishDocument(newsKind, db, id);
  return getNewsPost(db, id);
}

export async function discardNewsPostDraft(db: Db, id: number): Promise<NewsPost> {
  await discardDocumentDraft(newsKind, db, id);
  return getNewsPost(db, id);
}

export const removeNewsPost = (db: Db, id: number, by: string): Promise<void> => removeDocument(newsKind, db, id, by);

/** Where staff's "used on" sends a visitor of a live post: its German address. */
export const postAddress = (values: StoredPostValues) => newsPostPath(values.address, 'de');
