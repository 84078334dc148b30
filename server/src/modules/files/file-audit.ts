import type { AuditChange } from '@blitz/contract';
import type { ChangeEntry } from '../audit/audit.recorder';
import { fieldChanges } from '../audit/audit.recorder';

/** A file's texts and name as the audit trail compares them. */
export type FileAuditValues = {
  title: { de: string; en: string };
  alt?: { de: string; en: string } | null;
  originalName?: string;
};

/** A text's change in each language, named as the trail names localised fields (`title`, `de`). */
const textChanges = (field: 'title' | 'alt', before: FileAuditValues | undefined, after: FileAuditValues): AuditChange[] =>
  (['de', 'en'] as const).flatMap((language) =>
    fieldChanges({ text: before?.[field]?.[language] ?? '' }, { text: after[field]?.[language] ?? '' }, ['text']).map(
      (change) => ({ ...change, field, language }),
    ),
  );

/**
 * A library file's entry in the audit trail (decision 036): its German title, and its titles,
 * alternative texts and file name before → after (a replace names the old and the new file).
 */
export function fileEntry(
  action: 'create' | 'update' | 'replace' | 'delete' | 'restore',
  id: number,
  before: FileAuditValues | undefined,
  after?: FileAuditValues,
): ChangeEntry {
  const title = (after ?? before)?.title.de ?? '';
  const changes: AuditChange[] = after
    ? [
        ...textChanges('title', before, after),
        ...textChanges('alt', before, after),
        ...fieldChanges({ file: before?.originalName ?? '' }, { file: after.originalName ?? '' }, ['file']),
      ]
    : [];
  return { action, kind: 'file', id, title, changes };
}
