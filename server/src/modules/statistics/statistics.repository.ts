import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { storedInquiryId } from '../contact/inquiries.repository';

/**
 * The day's salt: made by whichever instance asks first, read by the others. Never made for a day
 * before `today` (a batch held past midnight): that day's salt may already be deleted, and a new
 * one would count its visitors again; undefined then, and the entry counts without a visitor.
 */
export async function daySalt(db: Db, day: string, today: string): Promise<string | undefined> {
  if (day >= today)
    await db
      .insertInto('statistics_salts')
      .values({ day, salt: crypto.randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
  const row = await db.selectFrom('statistics_salts').select('salt').where('day', '=', day).executeTakeFirst();
  return row?.salt;
}

/** A counted page view, its visitor already a hash of the day (undefined: its day's salt was gone, a page view only). */
export type HashedView = {
  day: string;
  visitor?: string | undefined;
  /** The day's salted hash of the network address alone: what the bound per address counts by. */
  address?: string | undefined;
  path: string;
  language: string;
  source: string;
  campaign: string;
  device: string;
};

/** A stored inquiry (not spam), with the hash its sender had that day and the page its form was sent from. */
export type HashedInquiry = {
  inquiryId: number;
  day: string;
  visitor: string | undefined;
  application: boolean;
  /** Its inquiry type's key (issue 44). */
  type: string;
  formPath: string | undefined;
  language: string;
};

type Counts = Record<string, number>;

/** Adds to counters in memory, one entry per key. */
class Tally<K extends Record<string, string>> {
  readonly rows = new Map<string, { key: K; counts: Counts }>();
  add(key: K, counts: Counts): void {
    const id = JSON.stringify(key);
    const row = this.rows.get(id) ?? { key, counts: {} };
    for (const [name, n] of Object.entries(counts)) row.counts[name] = (row.counts[name] ?? 0) + n;
    this.rows.set(id, row);
  }
}

const chunkSize = 200;
const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / chunkSize) }, (_, i) => items.slice(i * chunkSize, (i + 1) * chunkSize));

/**
 * Rows in the order of their key: two instances writing at once then lock the same rows in the
 * same order (a multi-row insert locks in its order), so neither waits for the other in a cycle.
 */
const byKey = <T>(rows: readonly T[], keyOf: (row: T) => readonly string[]): T[] =>
  [...rows].sort((a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  });

/** Adds a tally to an aggregate table: inserts the row, or adds to it (`ON CONFLICT … DO UPDATE`, alike on both databases). */
async function addToAggregate(db: Kysely<any>, table: string, tally: Tally<Record<string, string>>): Promise<void> {
  if (tally.rows.size === 0) return;
  const keyColumns = Object.keys([...tally.rows.values()][0]!.key);
  const rows = byKey([...tally.rows.values()], (row) => keyColumns.map((c) => row.key[c]!));
  const countColumns = [...new Set(rows.flatMap((row) => Object.keys(row.counts)))];
  for (const part of chunks(rows)) {
    await db
      .insertInto(table)
      .values(part.map((row) => ({ ...row.key, ...Object.fromEntries(countColumns.map((c) => [c, row.counts[c] ?? 0])) })))
      .onConflict((oc) =>
        oc
          .columns(keyColumns)
          .doUpdateSet(
            Object.fromEntries(countColumns.map((c) => [c, sql`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`])),
          ),
      )
      .execute();
  }
}

/** Inserts rows, skipping those already there; answers the keys of the rows it inserted. */
async function insertNew<R extends Record<string, string>>(
  db: Kysely<any>,
  table: string,
  keyColumns: (keyof R & string)[],
  rows: R[],
): Promise<Set<string>> {
  const inserted = new Set<string>();
  for (const part of chunks(byKey(rows, (row) => keyColumns.map((c) => row[c]!)))) {
    const returned = await db
      .insertInto(table)
      .values(part)
      .onConflict((oc) => oc.columns(keyColumns).doNothing())
      .returning(keyColumns)
      .execute();
    for (const row of returned as Record<string, unknown>[]) inserted.add(JSON.stringify(keyColumns.map((c) => row[c])));
  }
  return inserted;
}

/** The most sources (with campaign) a day keeps: beyond them new ones count as `other`, so free text cannot bloat the table. */
export const maxSourcesPerDay = 200;
export const otherSource = 'other';

type SourceKey = { day: string; source: string; campaign: string };

/** The tally with each source and campaign new beyond a day's `maxSourcesPerDay` folded into `other`. */
async function foldExcessSources(trx: Db, tally: Tally<SourceKey>): Promise<Tally<SourceKey>> {
  const folded = new Tally<SourceKey>();
  const known = new Map<string, Set<string>>();
  for (const { key, counts } of tally.rows.values()) {
    let ofDay = known.get(key.day);
    if (!ofDay) {
      const rows = await trx.selectFrom('statistics_sources').select(['source', 'campaign']).where('day', '=', key.day).execute();
      ofDay = new Set(rows.map((row) => JSON.stringify([row.source, row.campaign])));
      known.set(key.day, ofDay);
    }
    const id = JSON.stringify([key.source, key.campaign]);
    if (ofDay.has(id) || ofDay.size < maxSourcesPerDay) {
      ofDay.add(id);
      folded.add(key, counts);
    } else folded.add({ day: key.day, source: otherSource, campaign: '' }, counts);
  }
  return folded;
}

/**
 * How many visitors are counted at most (issue 40): per network address and day, so that one
 * address changing its user agent cannot count thousands (an office or a mobile carrier's shared
 * address still counts its people), and per day, so that many addresses cannot add rows without
 * end. Beyond them a visitor's views are counted as left out, and nothing of it is stored.
 */
export const visitorBounds = { perAddress: 50, perDay: 100_000 } as const;

type Visited = HashedView & { visitor: string };

/** The address a visitor is counted under; a visitor without one stands for an address of its own. */
const addressOf = (visit: Visited) => visit.address ?? visit.visitor;

/**
 * The visitors of a batch that count: those already counted today, and new ones while their
 * address and their day are below `visitorBounds`. Read in the batch's transaction: instances
 * writing at the same moment may each admit up to the bound (decision 018's shared database
 * serialises no more than that).
 */
async function admittedVisitors(trx: Db, visits: readonly Visited[], keyOf: (v: Visited) => string): Promise<Set<string>> {
  const admitted = new Set<string>();
  const perAddress = new Map<string, number>();
  const perDay = new Map<string, number>();
  for (const day of new Set(visits.map((v) => v.day))) {
    const ofDay = visits.filter((v) => v.day === day);
    for (const part of chunks(ofDay)) {
      const known = await trx
        .selectFrom('statistics_visits')
        .select('visitor')
        .where('day', '=', day)
        .where(
          'visitor',
          'in',
          part.map((v) => v.visitor),
        )
        .execute();
      for (const row of known) admitted.add(JSON.stringify([day, row.visitor]));
    }
    for (const part of chunks([...new Set(ofDay.map(addressOf))])) {
      const counts = await trx
        .selectFrom('statistics_address_visitors')
        .select(['address', 'visitors'])
        .where('day', '=', day)
        .where('address', 'in', part)
        .execute();
      for (const row of counts) perAddress.set(JSON.stringify([day, row.address]), Number(row.visitors));
    }
    const total = await trx.selectFrom('statistics_days').select('visitors').where('day', '=', day).executeTakeFirst();
    perDay.set(day, Number(total?.visitors ?? 0));
  }
  for (const visit of visits) {
    const key = keyOf(visit);
    if (admitted.has(key)) continue;
    const address = JSON.stringify([visit.day, addressOf(visit)]);
    const ofAddress = perAddress.get(address) ?? 0;
    const ofDay = perDay.get(visit.day) ?? 0;
    if (ofAddress >= visitorBounds.perAddress || ofDay >= visitorBounds.perDay) continue;
    admitted.add(key);
    perAddress.set(address, ofAddress + 1);
    perDay.set(visit.day, ofDay + 1);
  }
  return admitted;
}

const firstOfEach = <T>(items: readonly T[], keyOf: (item: T) => string): T[] => [
  ...new Map([...items].reverse().map((item) => [keyOf(item), item])).values(),
];

/**
 * Writes a batch in one transaction: the visits and pages seen (each first one of the day counts
 * a visitor), the daily aggregates, and where each inquiry came from. Two instances writing at
 * once add up: a visit already written by the other is not new, counters are added to.
 */
export async function recordBatch(db: Db, batch: readonly HashedView[], inquiries: readonly HashedInquiry[]): Promise<void> {
  await inTransaction(db, async (trx) => {
    const loose = trx as unknown as Kysely<any>;
    const days = new Tally<{ day: string }>();
    const pages = new Tally<{ day: string; path: string; language: string }>();
    const sources = new Tally<{ day: string; source: string; campaign: string }>();
    const devices = new Tally<{ day: string; device: string }>();
    const types = new Tally<{ day: string; type: string }>();
    const visitKey = (v: { day: string; visitor: string }) => JSON.stringify([v.day, v.visitor]);
    const hashed = batch.filter((v): v is Visited => v.visitor !== undefined);
    // In the order they came: the first visitors of an address are those counted.
    const arrived = [...new Map(hashed.map((v) => [visitKey(v), v])).values()];
    const admitted = await admittedVisitors(trx, arrived, visitKey);
    // The views of a visitor beyond the bounds count only as left out (issue 40).
    const counts = (v: HashedView) => v.visitor === undefined || admitted.has(visitKey(v as Visited));
    for (const view of batch) if (!counts(view)) days.add({ day: view.day }, { left_out_views: 1 });
    const views = batch.filter(counts);
    const withVisitor = hashed.filter((v) => admitted.has(visitKey(v)));
    const visits = firstOfEach(withVisitor, visitKey);
    const addresses = new Tally<{ day: string; address: string }>();
    const newVisits = await insertNew(
      loose,
      'statistics_visits',
      ['day', 'visitor'],
      visits.map((v) => ({ day: v.day, visitor: v.visitor, source: v.source, campaign: v.campaign, landing_path: v.path })),
    );
    for (const visit of visits) {
      if (!newVisits.has(visitKey(visit))) continue;
      days.add({ day: visit.day }, { visitors: 1 });
      addresses.add({ day: visit.day, address: addressOf(visit) }, { visitors: 1 });
      sources.add({ day: visit.day, source: visit.source, campaign: visit.campaign }, { visitors: 1 });
      devices.add({ day: visit.day, device: visit.device }, { visitors: 1 });
    }
    const pageKey = (v: HashedView) => JSON.stringify([v.day, v.visitor, v.path, v.language]);
    const seen = firstOfEach(withVisitor, pageKey);
    const newPages = await insertNew(
      loose,
      'statistics_visit_pages',
      ['day', 'visitor', 'path', 'language'],
      seen.map((v) => ({ day: v.day, visitor: v.visitor, path: v.path, language: v.language })),
    );
    for (const view of seen)
      if (newPages.has(pageKey(view))) pages.add({ day: view.day, path: view.path, language: view.language }, { visitors: 1 });
    for (const view of views) {
      days.add({ day: view.day }, { page_views: 1 });
      pages.add({ day: view.day, path: view.path, language: view.language }, { views: 1 });
    }

    for (const inquiry of inquiries) {
      days.add({ day: inquiry.day }, inquiry.application ? { applications: 1 } : { inquiries: 1 });
      types.add({ day: inquiry.day, type: inquiry.type }, { inquiries: 1 });
      const visit =
        inquiry.visitor === undefined
          ? undefined
          : await trx
              .selectFrom('statistics_visits')
              .select(['source', 'campaign', 'landing_path'])
              .where('day', '=', inquiry.day)
              .where('visitor', '=', inquiry.visitor)
              .executeTakeFirst();
      // Without a visit (not counted: an objection, DNT, a bot) the inquiry is not traced.
      if (!visit) continue;
      sources.add(
        { day: inquiry.day, source: visit.source, campaign: visit.campaign },
        inquiry.application ? { applications: 1 } : { inquiries: 1 },
      );
      if (inquiry.formPath) pages.add({ day: inquiry.day, path: inquiry.formPath, language: inquiry.language }, { inquiries: 1 });
      // Through a select from inquiries: one deleted meanwhile is skipped, not a failed batch.
      await trx
        .insertInto('inquiry_origins')
        .columns(['inquiry_id', 'source', 'campaign', 'landing_path', 'form_path'])
        .expression(
          trx
            .selectFrom(storedInquiryId(trx, inquiry.inquiryId).as('stored'))
            .select([
              'stored.id',
              sql<string>`${visit.source}`.as('source'),
              sql<string>`${visit.campaign}`.as('campaign'),
              sql<string>`${visit.landing_path}`.as('landing_path'),
              sql<string>`${inquiry.formPath ?? ''}`.as('form_path'),
            ])
            // Said again, for SQLite: an INSERT … SELECT with ON CONFLICT needs a WHERE to parse.
            .where('stored.id', '=', inquiry.inquiryId),
        )
        .onConflict((oc) => oc.column('inquiry_id').doNothing())
        .execute();
    }
    await addToAggregate(loose, 'statistics_days', days);
    await addToAggregate(loose, 'statistics_pages', pages);
    await addToAggregate(loose, 'statistics_sources', await foldExcessSources(trx, sources));
    await addToAggregate(loose, 'statistics_devices', devices);
    await addToAggregate(loose, 'statistics_types', types);
    await addToAggregate(loose, 'statistics_address_visitors', addresses);
  });
}

/**
 * The salts of past days (so that nobody can recompute a past day's hashes), and the visits and
 * pages seen of past days: an inquiry is traced only to a visit of its own day (its hash is of
 * that day's salt), so nothing older serves any purpose.
 */
export async function deleteSpentVisitData(db: Db, today: string): Promise<Record<string, number>> {
  const salts = await db.deleteFrom('statistics_salts').where('day', '<', today).executeTakeFirst();
  const visits = await db.deleteFrom('statistics_visits').where('day', '<', today).executeTakeFirst();
  await db.deleteFrom('statistics_visit_pages').where('day', '<', today).execute();
  await db.deleteFrom('statistics_address_visitors').where('day', '<', today).execute();
  return { salts: Number(salts.numDeletedRows), visits: Number(visits.numDeletedRows) };
}

const total = (column: string) => sql<string | number>`coalesce(sum(${sql.ref(column)}), 0)`;

/** The sums of the daily totals over a period. */
export async function readTotals(db: Db, from: string, to: string) {
  const row = await db
    .selectFrom('statistics_days')
    .select([
      total('visitors').as('visitors'),
      total('page_views').as('pageViews'),
      total('inquiries').as('inquiries'),
      total('applications').as('applications'),
      total('left_out_views').as('leftOutViews'),
    ])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirstOrThrow();
  return {
    visitors: Number(row.visitors),
    pageViews: Number(row.pageViews),
    inquiries: Number(row.inquiries),
    applications: Number(row.applications),
    leftOutViews: Number(row.leftOutViews),
  };
}

/** The most rows of pages and of sources one answer lists. */
const listedRows = 200;

/** The days of a period. */
export async function readDays(db: Db, from: string, to: string) {
  return db
    .selectFrom('statistics_days')
    .select(['day', 'visitors', 'page_views', 'inquiries', 'applications'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/**
 * An aggregate's counts summed over a period per key (a page and language, a source and
 * campaign, a device class): the largest first count first, then by key; at most 200 rows.
 */
export async function readSums<K extends string, C extends string>(
  db: Db,
  table: 'statistics_pages' | 'statistics_sources' | 'statistics_devices' | 'statistics_types',
  keys: readonly K[],
  counts: readonly C[],
  { from, to }: { from: string; to: string },
): Promise<(Record<K, string> & Record<C, number>)[]> {
  let query = (db as unknown as Kysely<any>)
    .selectFrom(table)
    .select([...keys, ...counts.map((c) => total(c).as(c))])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy([...keys])
    .orderBy(sql.raw(String(keys.length + 1)), 'desc');
  for (const key of keys) query = query.orderBy(key);
  const rows: Record<string, unknown>[] = await query.limit(listedRows).execute();
  return rows.map(
    (row) =>
      Object.fromEntries([...keys.map((k) => [k, String(row[k])]), ...counts.map((c) => [c, Number(row[c])])]) as Record<
        K,
        string
      > &
        Record<C, number>,
  );
}

/**
 * The pages under `prefix` (`/project/`, `/jobs/`) most viewed in a period, both languages
 * together: the most viewed first, then by path; at most `limit`.
 */
export async function readMostViewed(
  db: Db,
  prefix: string,
  { from, to }: { from: string; to: string },
  limit: number,
): Promise<{ path: string; views: number }[]> {
  const rows = await db
    .selectFrom('statistics_pages')
    .select(['path', total('views').as('views')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('path', 'like', `${prefix}%`)
    .groupBy('path')
    .orderBy(sql.raw('2'), 'desc')
    .orderBy('path')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}

/** Where an inquiry came from, if the visitor statistics traced it (issue 32). */
export async function findInquiryOrigin(db: Db, inquiryId: number) {
  return db
    .selectFrom('inquiry_origins')
    .select(['source', 'campaign', 'landing_path as landingPath', 'form_path as formPath'])
    .where('inquiry_id', '=', inquiryId)
    .executeTakeFirst();
}

/**
 * Removes the origins of these inquiries (a data-subject erasure, decision 049), in the caller's
 * transaction; the foreign key would cascade too, but the statistics' link to an erased inquiry
 * must not depend on a pragma. The day counts hold no link to an inquiry and stay.
 */
export async function deleteInquiryOrigins(db: Db, inquiryIds: readonly number[]): Promise<number> {
  if (inquiryIds.length === 0) return 0;
  const result = await db
    .deleteFrom('inquiry_origins')
    .where('inquiry_id', 'in', [...inquiryIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
