import {
  type NotFoundList,
  type NotFoundSettings,
  type Redirect,
  type RedirectImportResult,
  type RedirectList,
  type RedirectListQuery,
  redirectCreateSchema,
} from '@blitz/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { recordChange } from '../audit/audit.recorder';
import { bumpContentVersion } from '../content/content-version.repository';
import { notFoundEntryDeleted, notFoundSettingsEntry, redirectEntry, redirectImportEntry } from './redirect-audit';
import { type ImportRow, importRows } from './redirect-csv';
import { fromKey, targetKey } from './redirect-paths';
import {
  type RedirectRecord,
  allRedirects,
  deleteNotFound,
  deleteNotFoundByKey,
  deleteRedirect,
  findNotFound,
  findRedirect,
  insertRedirect,
  listNotFound,
  listRedirects,
  readNotFoundAnswer,
  retargetRedirect,
  updateRedirect,
  writeNotFoundAnswer,
} from './redirects.repository';

export type RedirectFields = z.output<typeof redirectCreateSchema>;

export function toRedirect(record: RedirectRecord): Redirect {
  const { fromKey: _key, ...rest } = record;
  return rest;
}

const loop = (from: string, to: string, line?: number) =>
  new HttpError(
    409,
    'redirect_loop',
    `${line ? `Line ${line}: ` : ''}a redirect from ${from} to ${to} would lead back to ${from}`,
    { errors: [{ field: line ? `line ${line}` : 'to', message: 'leads back to its own address' }] },
  );

/** Where a redirect from `key` to `fields.to` leads once a chain is collapsed; a loop is refused. */
function resolvedTarget(
  table: Map<string, RedirectRecord>,
  fields: RedirectFields,
  key: string,
  id: number | undefined,
  line?: number,
): string {
  const toKey = targetKey(fields.to);
  if (toKey === undefined) return fields.to;
  if (toKey === key) throw loop(fields.from, fields.to, line);
  const next = table.get(toKey);
  if (!next || next.id === id) return fields.to;
  if (targetKey(next.to) === key) throw loop(fields.from, fields.to, line);
  return next.to;
}

/**
 * Saves one redirect into the table as it stands (all of it, read in the transaction), keeping
 * its rule: no `to` is another redirect's `from`. A `to` that is redirected itself is replaced
 * by where that one leads (A → B, B → C: A → C); redirects that led to this `from` now lead
 * where it does (X → A, A → C: X → C); one that would come back to its own address is refused.
 * Answers the id and whether it was created.
 */
async function saveInto(
  trx: Db,
  table: Map<string, RedirectRecord>,
  fields: RedirectFields,
  options: { id?: number; upsert?: boolean; line?: number; now: string },
): Promise<{ id: number; created: boolean; before: RedirectRecord | undefined; to: string }> {
  const key = fromKey(fields.from);
  const existing = table.get(key);
  let id = options.id;
  if (existing && existing.id !== id) {
    if (!options.upsert) throw conflict(`A redirect from ${existing.from} exists already`);
    id = existing.id;
  }
  const before = id === undefined ? undefined : [...table.values()].find((r) => r.id === id);
  if (options.id !== undefined && !before) throw notFound('Redirect');
  const to = resolvedTarget(table, fields, key, id, options.line);
  const values = { from: fields.from, fromKey: key, to, keepQuery: fields.keepQuery };
  if (before) {
    table.delete(before.fromKey);
    await updateRedirect(trx, before.id, values, options.now);
  } else {
    id = await insertRedirect(trx, values, options.now);
  }
  const saved: RedirectRecord = { ...(before ?? { hits: 0, lastHitAt: null }), id: id!, ...values, updatedAt: options.now };
  table.set(key, saved);
  for (const other of table.values()) {
    if (other.id !== saved.id && targetKey(other.to) === key) {
      if (targetKey(to) === other.fromKey) throw loop(other.from, to, options.line);
      await retargetRedirect(trx, other.id, to, options.now);
      other.to = to;
    }
  }
  // The address answers now: its misses are no longer news.
  await deleteNotFoundByKey(trx, key);
  return { id: saved.id, created: !before, before, to };
}

const tableOf = async (trx: Db) => new Map((await allRedirects(trx)).map((r) => [r.fromKey, r]));

export async function getRedirectPage(db: Db, query: RedirectListQuery): Promise<RedirectList> {
  const { records, count } = await listRedirects(db, {
    offset: (query.PageNumber - 1) * query.PageLength,
    limit: query.PageLength,
    search: query.Search,
  });
  return { data: records.map(toRedirect), count };
}

export async function getRedirect(db: Db, id: number): Promise<Redirect> {
  const record = await findRedirect(db, id);
  if (!record) throw notFound('Redirect');
  return toRedirect(record);
}

/** Creates (`id` undefined) or changes a redirect; every change is a content change (kept pages must not hide it). */
export async function saveRedirect(db: Db, fields: RedirectFields, id?: number): Promise<Redirect> {
  const saved = await inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const result = await saveInto(trx, await tableOf(trx), fields, { ...(id === undefined ? {} : { id }), now });
    const note = result.to !== fields.to ? `chain collapsed: ${fields.to} → ${result.to}` : undefined;
    await recordChange(
      trx,
      redirectEntry(result.created ? 'create' : 'update', result.id, result.before, { ...fields, to: result.to }, note),
    );
    await bumpContentVersion(trx);
    return result.id;
  });
  return getRedirect(db, saved);
}

export async function removeRedirect(db: Db, id: number): Promise<void> {
  const deleted = await inTransaction(db, async (trx) => {
    const before = await findRedirect(trx, id);
    const done = await deleteRedirect(trx, id);
    if (done) {
      await recordChange(trx, redirectEntry('delete', id, before));
      await bumpContentVersion(trx);
    }
    return done;
  });
  if (!deleted) throw notFound('Redirect');
}

/** An import of `from,to[,keepQuery]` lines: each saved as one redirect would be (chains, loops), all in one transaction or none. */
export async function importRedirects(db: Db, csv: string): Promise<RedirectImportResult> {
  const rows: ImportRow[] = importRows(csv);
  const fields = rows.map((row) => {
    const parsed = redirectCreateSchema.safeParse({ from: row.from, to: row.to, keepQuery: row.keepQuery });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new HttpError(400, 'validation', `Line ${row.line}: ${String(issue.path[0] ?? '')} ${issue.message}`, {
        errors: [{ field: `line ${row.line}`, message: `${String(issue.path[0] ?? '')}: ${issue.message}` }],
      });
    }
    return { line: row.line, fields: parsed.data };
  });
  return inTransaction(db, async (trx) => {
    const table = await tableOf(trx);
    const now = new Date().toISOString();
    let created = 0;
    let updated = 0;
    for (const { line, fields: one } of fields) {
      const key = fromKey(one.from);
      const before = table.get(key);
      if (before && before.from === one.from && before.keepQuery === one.keepQuery) {
        if (before.to === resolvedTarget(table, one, key, before.id, line)) continue;
      }
      const result = await saveInto(trx, table, one, { upsert: true, line, now });
      if (result.created) created++;
      else updated++;
    }
    if (created + updated > 0) {
      await recordChange(trx, redirectImportEntry(created, updated));
      await bumpContentVersion(trx);
    }
    return { created, updated };
  });
}

export async function exportRedirects(db: Db): Promise<RedirectRecord[]> {
  return allRedirects(db);
}

export async function getNotFoundPage(db: Db, query: { PageLength: number; PageNumber: number }): Promise<NotFoundList> {
  const { records, count } = await listNotFound(db, {
    offset: (query.PageNumber - 1) * query.PageLength,
    limit: query.PageLength,
  });
  return { data: records, count };
}

export async function removeNotFound(db: Db, id: number): Promise<void> {
  const deleted = await inTransaction(db, async (trx) => {
    const before = await findNotFound(trx, id);
    if (!before) return false;
    await deleteNotFound(trx, id);
    await recordChange(trx, notFoundEntryDeleted(id, before.path));
    return true;
  });
  if (!deleted) throw notFound('Address');
}

export async function getNotFoundSettings(db: Db): Promise<NotFoundSettings> {
  return { answer: (await readNotFoundAnswer(db)) === 'notFoundPage' ? 'notFoundPage' : 'redirectHome' };
}

/** What unknown page addresses answer: a content change, so that every instance answers alike on the next request. */
export async function saveNotFoundSettings(db: Db, settings: NotFoundSettings): Promise<NotFoundSettings> {
  await inTransaction(db, async (trx) => {
    const before = await getNotFoundSettings(trx);
    await writeNotFoundAnswer(trx, settings.answer);
    await recordChange(trx, notFoundSettingsEntry(before.answer, settings.answer));
    await bumpContentVersion(trx);
  });
  return getNotFoundSettings(db);
}

/** Which of these addresses no redirect answers yet (an import's dry run counts what it would add). */
export async function unredirected(db: Db, froms: readonly string[]): Promise<string[]> {
  const table = await tableOf(db);
  const seen = new Set<string>();
  return froms.filter((from) => {
    const key = fromKey(from);
    if (table.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Redirects an import adds (decision 054), in the caller's transaction, each saved as one made in
 * the dashboard would be (chains collapsed, in the audit trail): an address already redirected is
 * left as it is, never duplicated; one that would make a loop is left out. Answers the addresses
 * redirected now.
 */
export async function addMissingRedirects(trx: Db, list: readonly RedirectFields[], note: string): Promise<string[]> {
  const table = await tableOf(trx);
  const now = new Date().toISOString();
  const added: string[] = [];
  for (const fields of list) {
    if (table.has(fromKey(fields.from))) continue;
    try {
      const result = await saveInto(trx, table, fields, { now });
      await recordChange(trx, redirectEntry('create', result.id, undefined, { ...fields, to: result.to }, note));
      added.push(fields.from);
    } catch (error) {
      if (error instanceof HttpError && error.code === 'redirect_loop') continue;
      throw error;
    }
  }
  if (added.length > 0) await bumpContentVersion(trx);
  return added;
}
