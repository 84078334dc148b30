import type { AuditChange } from '@blitz/contract';
import { type ChangeEntry, fieldChanges } from '../audit/audit.recorder';
import type { TemplateWords } from './mail-template-defaults';

/**
 * The lines of a text that changed, before → after: the lines both share at the start and at
 * the end left out, so that a one-sentence edit of a long mail reads as that sentence (a part
 * longer than the trail shows is recorded as changed only, decision 036).
 */
function changedLines(before: string, after: string): { before: string; after: string } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { before: a.slice(start, a.length - end).join('\n'), after: b.slice(start, b.length - end).join('\n') };
}

/** One template's change, named `type.kind.language` as it is stored: its subject and the changed lines of its text. */
export function mailTemplateEntry(id: string, before: TemplateWords, after: TemplateWords): ChangeEntry {
  const changes: AuditChange[] = fieldChanges(before, after, ['subject']);
  if (before.body !== after.body) {
    const lines = changedLines(before.body, after.body);
    const shown = fieldChanges({ body: lines.before }, { body: lines.after }, ['body']);
    // Only blank lines moved: the parts read alike, the text still changed.
    changes.push(...(shown.length ? shown : [{ field: 'body', before: null, after: null }]));
  }
  return { action: 'update', kind: 'mailTemplate', id, title: `Mail template ${id}`, changes };
}
