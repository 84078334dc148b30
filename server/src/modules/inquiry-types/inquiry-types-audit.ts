import type { InquiryType } from '@blitz/contract';
import type { ChangeEntry } from '../audit/audit.recorder';
import { documentChanges } from '../audit/item-changes';

/** One type's change: its names and each field's settings, before → after, as flat lines. */
export function inquiryTypeEntry(before: InquiryType, after: InquiryType): ChangeEntry {
  const flat = (type: InquiryType) => ({
    'names.de': type.names.de,
    'names.en': type.names.en,
    ...Object.fromEntries(
      type.fields.flatMap((f) => [
        [`${f.key}.shown`, f.shown],
        [`${f.key}.required`, f.required],
        [`${f.key}.labels.de`, f.labels.de],
        [`${f.key}.labels.en`, f.labels.en],
        [`${f.key}.help.de`, f.help.de],
        [`${f.key}.help.en`, f.help.en],
      ]),
    ),
  });
  return {
    action: 'update',
    kind: 'inquiryType',
    id: after.key,
    title: after.key,
    changes: documentChanges(flat(before), flat(after)),
  };
}
