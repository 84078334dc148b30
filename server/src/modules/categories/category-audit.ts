import { type ChangeEntry, fieldChanges, textChanges } from '../audit/audit.recorder';
import type { ItemAction } from '../audit/item-changes';
import type { CategoryRecord, CategoryValues } from './categories.repository';

/** A category's entry in the audit trail: its name, and its name and translations before → after. */
export function categoryEntry(
  action: ItemAction,
  id: number,
  before: CategoryRecord | undefined,
  after?: CategoryValues,
): ChangeEntry {
  const title = after?.name ?? before?.name ?? '';
  if (!after) return { action, kind: 'category', id, title };
  return {
    action,
    kind: 'category',
    id,
    title,
    changes: [...fieldChanges(before, after, ['name']), ...textChanges('translation', before?.translation, after.translation)],
  };
}
