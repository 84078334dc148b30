import { PostgresAdapter, sql } from 'kysely';
import { generateKeyBetween } from 'fractional-indexing';
import { featuredLimit } from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { bumpContentVersion } from '../content/content-version.repository';

/** A featured project beyond `featuredLimit`: refused, nothing changed. */
export class FeaturedLimitError extends Error {
  constructor() {
    super(`at most ${featuredLimit} projects can be featured`);
  }
}

/**
 * Keys are made from their neighbours' keys, so writers of keys take turns: on PostgreSQL a
 * lock held until the transaction ends (other instances wait for it too); SQLite runs one
 * transaction at a time anyway. Without it two moves after the same project would make the
 * same key (the unique index would then refuse the second).
 */
export async function lockOrder(trx: Db): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_advisory_xact_lock(${orderLockKey})`.execute(trx);
}
/** Any fixed number; this one spells "projorde". */
const orderLockKey = sql.lit(0x70726f6a6f726465n.toString());

type KeyColumn = 'order_key' | 'featured_key';

/** The first (or last) key of a list, the project `except` left out. */
export async function edgeKey(trx: Db, column: KeyColumn, edge: 'first' | 'last', except?: number): Promise<string | null> {
  let query = trx
    .selectFrom('projects')
    .select(['id', column])
    .where(column, 'is not', null)
    .orderBy(column, edge === 'first' ? 'asc' : 'desc')
    .limit(1);
  if (except !== undefined) query = query.where('id', '!=', except);
  const row = await query.executeTakeFirst();
  return (row?.[column] as string | null | undefined) ?? null;
}

/** A key for a newly featured project (the end of the selection), or the limit's refusal. */
export async function nextFeaturedKey(trx: Db): Promise<string> {
  const { n } = await trx
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('featured_key', 'is not', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(n) >= featuredLimit) throw new FeaturedLimitError();
  return generateKeyBetween(await edgeKey(trx, 'featured_key', 'last'), null);
}

/** The featuring of an update: the new key when it changes, nothing when it stays; false if there is no such project. */
export async function featuringChange(
  trx: Db,
  id: number,
  featured: boolean | undefined,
): Promise<{ featured_key: string | null } | undefined | false> {
  if (featured === undefined) return undefined;
  if (featured) await lockOrder(trx);
  const current = await trx
    .selectFrom('projects')
    .select('featured_key')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!current) return false;
  if (featured === (current.featured_key !== null)) return undefined;
  return { featured_key: featured ? await nextFeaturedKey(trx) : null };
}

export type MoveOutcome = 'moved' | 'unchanged' | 'not_found' | 'after_not_found' | 'not_featured' | 'after_not_featured';

/**
 * Moves a project directly after another (`after`) or to the top (null), in the staff's order
 * or in the featured selection: its one key changes, nothing else (not even its updated_at), and
 * the content version, so that every kept page and answer is made anew.
 */
export async function moveProject(db: Db, id: number, after: number | null, list: 'gallery' | 'featured'): Promise<MoveOutcome> {
  const column: KeyColumn = list === 'gallery' ? 'order_key' : 'featured_key';
  return inTransaction(db, async (trx) => {
    await lockOrder(trx);
    const keyOf = async (projectId: number) => {
      // Trashed projects keep their keys (restore puts them back in place): they are no neighbours
      // to move after, but the keys below are made between all keys, theirs too, so none repeats.
      const row = await trx
        .selectFrom('projects')
        .select(column)
        .where('id', '=', projectId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row ? { key: row[column] as string | null } : undefined;
    };
    const self = await keyOf(id);
    if (!self) return 'not_found';
    if (self.key === null) return 'not_featured';
    if (after === id) return 'unchanged';
    let lower: string | null = null;
    if (after !== null) {
      const target = await keyOf(after);
      if (!target) return 'after_not_found';
      if (target.key === null) return 'after_not_featured';
      lower = target.key;
    }
    let following = trx.selectFrom('projects').select(['id', column]).where(column, 'is not', null).orderBy(column).limit(1);
    if (lower !== null) following = following.where(column, '>', lower);
    const next = await following.executeTakeFirst();
    if (next?.id === id) return 'unchanged';
    const key = generateKeyBetween(lower, (next?.[column] as string | null | undefined) ?? null);
    await trx
      .updateTable('projects')
      .set({ [column]: key })
      .where('id', '=', id)
      .execute();
    await bumpContentVersion(trx);
    return 'moved';
  });
}
