import type { AuditChange, LocalizedText } from '@blitz/contract';
import { type ChangeEntry, fieldChanges, textChanges, titleOf } from '../audit/audit.recorder';
import type { ItemAction } from '../audit/item-changes';
import type { JobRecord, JobValues } from './jobs.repository';

const jobTextFields = ['title', 'tasks', 'profile', 'offer', 'howToApply'] as const;

/** A job opening's entry in the audit trail: its title, and its texts and fields before → after. */
export function jobEntry(action: ItemAction, id: number, before: JobRecord | undefined, after?: JobValues): ChangeEntry {
  const title = titleOf(after?.texts.title ?? before?.texts.title);
  if (!after) return { action, kind: 'job', id, title };
  const changes: AuditChange[] = [
    ...jobTextFields.flatMap((field) => textChanges(field, before?.texts[field], after.texts[field] as LocalizedText[])),
    ...textChanges('searchTitle', before?.search.title, after.search?.title ?? []),
    ...textChanges('searchDescription', before?.search.description, after.search?.description ?? []),
    ...fieldChanges(
      before as Record<string, unknown> | undefined,
      { ...after, position: after.position ?? before?.position } as Record<string, unknown>,
      ['location', 'employmentType', 'startDate', 'validThrough', 'contact', 'published', 'position'],
    ),
  ];
  return { action, kind: 'job', id, title, changes };
}
