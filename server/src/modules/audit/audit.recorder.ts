import type { AuditChange, LocalizedText } from '@blitz/contract';
import type { Db } from '../../db/database';
import { type AuditActor, currentActor, systemActor } from './audit-actor';
import { hasEntrySince, insertAuditEntry } from './audit.repository';

/** One change to record; `actor` defaults to the request's signed-in user, else the system. */
export type ChangeEntry = {
  action: string;
  kind: string;
  /** null for a single item (the company details, the mail settings). */
  id?: number | string | null;
  title: string;
  changes?: AuditChange[];
  /** A sentence added to the summary (a reason, a count). Never a password, code, token or personal data. */
  note?: string;
  actor?: AuditActor;
};

/**
 * Records a change in the audit trail, in the caller's transaction: called with the transaction
 * that makes the change, it is rolled back with it. The one function other features call.
 */
export async function recordChange(trx: Db, entry: ChangeEntry): Promise<void> {
  const actor = entry.actor ?? currentActor() ?? systemActor;
  const changes = entry.changes ?? [];
  await insertAuditEntry(trx, {
    at: new Date().toISOString(),
    user_id: actor.id,
    user_name: actor.name,
    action: entry.action,
    item_kind: entry.kind,
    item_id: entry.id === undefined || entry.id === null ? null : String(entry.id),
    item_title: entry.title.slice(0, 300),
    summary: summaryOf(changes, entry.note),
    changes: JSON.stringify(changes),
  });
}

/**
 * Whether the trail has an entry of this action on this item since then (an event recorded once
 * per window); with `userId`, only one recorded for that user (null: for nobody signed in).
 */
export async function recordedSince(
  db: Db,
  entry: { action: string; kind: string; id: number | string; userId?: number | null },
  since: string,
): Promise<boolean> {
  return hasEntrySince(db, { ...entry, id: String(entry.id) }, since);
}

/** A value up to this length is shown before → after; a longer one (a text) only as changed. */
const shortLength = 120;

const shown = (value: string | null | undefined): string | null =>
  value === null || value === undefined ? '' : value.length <= shortLength ? value : null;

export function summaryOf(changes: readonly AuditChange[], note?: string): string {
  const parts = changes.map((c) => {
    const name = c.language ? `${c.field} (${c.language})` : c.field;
    if (c.before === null || c.after === null) return `${name} changed`;
    return `${name}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`;
  });
  if (note) parts.push(note);
  return parts.join('; ');
}

type Plain = string | number | boolean | null | undefined;

/** The changes between two flat records, the fields named in `fields` (the order kept). */
export function fieldChanges<T extends Record<string, unknown>>(
  before: Partial<T> | undefined,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): AuditChange[] {
  const out: AuditChange[] = [];
  for (const field of fields) {
    const a = textOf(before?.[field] as Plain);
    const b = textOf(after[field] as Plain);
    if (a === b) continue;
    out.push({ field, before: shown(a), after: shown(b) });
  }
  return out;
}

const textOf = (value: Plain): string => (value === null || value === undefined ? '' : String(value));

const languageCode = (language: number): string => (language === 2 ? 'de' : language === 1 ? 'en' : String(language));

/** The changes of a localised field, per language (`title (de)`). */
export function textChanges(
  field: string,
  before: readonly LocalizedText[] | undefined,
  after: readonly LocalizedText[],
): AuditChange[] {
  const languages = [...new Set([...(before ?? []), ...after].map((t) => t.language))].sort((x, y) => y - x);
  const out: AuditChange[] = [];
  for (const language of languages) {
    const a = before?.find((t) => t.language === language)?.content ?? '';
    const b = after.find((t) => t.language === language)?.content ?? '';
    if (a === b) continue;
    out.push({ field, language: languageCode(language), before: shown(a), after: shown(b) });
  }
  return out;
}

/** The German title among localised texts, else any: what the trail names an item by. */
export function titleOf(texts: readonly LocalizedText[] | undefined, fallback = ''): string {
  return texts?.find((t) => t.language === 2)?.content ?? texts?.[0]?.content ?? fallback;
}
