import type { ChangeEntry } from '../audit/audit.recorder';
import { fieldChanges } from '../audit/audit.recorder';
import type { ItemAction } from '../audit/item-changes';
import type { RedirectRecord, RedirectValues } from './redirects.repository';

/** A redirect's entry in the audit trail: its `from` as the title, and `to`, `keepQuery` before → after. */
export function redirectEntry(
  action: ItemAction,
  id: number,
  before: RedirectRecord | undefined,
  after?: Omit<RedirectValues, 'fromKey'>,
  note?: string,
): ChangeEntry {
  const title = after?.from ?? before?.from ?? '';
  const changes = after
    ? fieldChanges(before as Record<string, unknown> | undefined, after as Record<string, unknown>, ['from', 'to', 'keepQuery'])
    : [];
  return { action, kind: 'redirect', id, title, changes, ...(note ? { note } : {}) };
}

/** An import of redirects from CSV: how many were created and changed. */
export function redirectImportEntry(created: number, updated: number): ChangeEntry {
  return { action: 'import', kind: 'redirect', id: null, title: 'CSV', note: `${created} created, ${updated} changed` };
}

/** The not-found answer changed (SPEC.md's redirect home, or the not-found page). */
export function notFoundSettingsEntry(before: string, after: string): ChangeEntry {
  return {
    action: 'update',
    kind: 'notFoundSettings',
    id: null,
    title: 'Not found',
    changes: before === after ? [] : [{ field: 'answer', before, after }],
  };
}

/** An address taken off the not-found log. */
export function notFoundEntryDeleted(id: number, path: string): ChangeEntry {
  return { action: 'delete', kind: 'notFoundEntry', id, title: path };
}
