import { sql } from 'kysely';
import { type NewsPostValues, customPageAddressKey, newsPostDate } from '@blitz/contract';
import { type Db, nowIso } from '../../db/database';
import { type DocumentRecord, documentFields, documentPendingAt, toDocumentRecord } from '../section-documents/document-rows';
import type { StoredSection } from '../section-documents/section-values';

/** A post's values as stored: every section with its id. */
export type StoredPostValues = Omit<NewsPostValues, 'sections'> & { sections: StoredSection[] };

export type NewsPostRecord = DocumentRecord<StoredPostValues> & {
  /** When the values (what visitors see of a live post) last changed. */
  changedAt: string;
};

const fields = [...documentFields, 'changed_at'] as const;

function toRecord(row: Parameters<typeof toDocumentRecord>[0] & { changed_at: string }): NewsPostRecord {
  return { ...toDocumentRecord<StoredPostValues>(row), changedAt: row.changed_at };
}

/** The columns a post's values give: what lists, lookups and the schedule read without the JSON. */
function columns(values: StoredPostValues) {
  return {
    address: values.address,
    address_key: customPageAddressKey(values.address),
    title_de: values.title.de,
    publish_at: values.publishAt,
    shown_date: newsPostDate(values) ?? '',
    noindex: values.noindex ? 1 : 0,
    content: JSON.stringify(values),
  };
}

const live = (db: Db) => db.selectFrom('news_posts').where('deleted_at', 'is', null);

/** What visitors see at `now`: published, not in the trash, its time come. */
const visible = (db: Db, now: Date) => live(db).where('published', '=', 1).where('publish_at', '<=', now.toISOString());

/**
 * Every post not in the trash (staff's list), the newest first as visitors' list has them (by the
 * date shown, then the time), those without a date yet (drafts that get their day when published)
 * before them; `withTrashed`: those in the trash too.
 */
export async function listNewsPosts(db: Db, options: { withTrashed?: boolean } = {}): Promise<NewsPostRecord[]> {
  const rows = await (options.withTrashed ? db.selectFrom('news_posts') : live(db))
    .select(fields)
    .orderBy(sql`case when shown_date = '' then 0 else 1 end`)
    .orderBy('shown_date', 'desc')
    // Both databases sort '' first: a post without a time (a dated draft) is not put apart by either's nulls.
    .orderBy(sql`coalesce(publish_at, '')`, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function findNewsPost(db: Db, id: number): Promise<NewsPostRecord | undefined> {
  const row = await live(db).where('id', '=', id).select(fields).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The post visitors see at an address (matched by its key) at `now`. */
export async function findVisiblePostAt(db: Db, address: string, now: Date): Promise<NewsPostRecord | undefined> {
  const row = await visible(db, now).where('address_key', '=', customPageAddressKey(address)).select(fields).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** The post (not in the trash) whose pending values have this address: what staff previewing the drafts see there. */
export async function findPendingPostAt(db: Db, address: string): Promise<NewsPostRecord | undefined> {
  const id = await documentPendingAt(db, 'news_posts', address);
  return id === undefined ? undefined : findNewsPost(db, id);
}

/** The posts visitors see at `now`, newest first (by the date shown, then the time), a page of them, and how many there are. */
export async function listVisiblePosts(
  db: Db,
  now: Date,
  page: { offset: number; limit: number },
): Promise<{ records: NewsPostRecord[]; count: number }> {
  const [rows, counted] = await Promise.all([
    visible(db, now)
      .select(fields)
      .orderBy('shown_date', 'desc')
      .orderBy('publish_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    visible(db, now)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { records: rows.map(toRecord), count: Number(counted.count) };
}

/**
 * Every post visitors see at `now`, for the sitemap: its address, whether it is kept out of search
 * engines, and when what visitors see of it last changed (its time, if it changed before then).
 */
export async function listVisibleForSitemap(
  db: Db,
  now: Date,
): Promise<{ address: string; noindex: boolean; lastmod: string }[]> {
  const rows = await visible(db, now).select(['address', 'noindex', 'changed_at', 'publish_at']).orderBy('id').execute();
  return rows.map((row) => ({
    address: row.address,
    noindex: row.noindex === 1,
    lastmod: row.publish_at && row.publish_at > row.changed_at ? row.publish_at : row.changed_at,
  }));
}

/** The first moment after `after` at which a published post becomes visible: the schedule's next (decision 063). */
export async function nextPublishAt(db: Db, after: string): Promise<string | undefined> {
  const row = await live(db)
    .where('published', '=', 1)
    .where('publish_at', '>', after)
    .select((eb) => eb.fn.min('publish_at').as('next'))
    .executeTakeFirst();
  return row?.next ?? undefined;
}

export async function insertNewsPost(db: Db, values: StoredPostValues, published: boolean): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('news_posts')
    .values({ ...columns(values), published: published ? 1 : 0, draft: null, changed_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Writes a post's values, its draft of changes and whether it is live; false if there is no such post. */
export async function writeNewsPost(
  db: Db,
  id: number,
  state: { values: StoredPostValues; draft: StoredPostValues | null; published: boolean },
): Promise<boolean> {
  const now = nowIso();
  const values = columns(state.values);
  const result = await db
    .updateTable('news_posts')
    .set((eb) => ({
      ...values,
      draft: state.draft === null ? null : JSON.stringify(state.draft),
      published: state.published ? 1 : 0,
      changed_at: eb.case().when('content', '=', values.content).then(eb.ref('changed_at')).else(now).end(),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
