import type { InquiryType } from '@blitz/contract';
import type { ChangeEntry } from '../audit/audit.recorder';
import { documentChanges } from '../audit/item-changes';

/** One type's change: its names and each field's settings, before → after, as flat lines. */
export function inquiryTypeEntry(before: InquiryType, after: InquiryType): ChangeEntry {
  const flat = (type: InquiryType) => ({
    'names.de': type.names.de,
    'names.en': type.names.en,
    ...(!type.builtIn && {
      recipients: (type.recipients ?? []).join(', '),
      retentionDays: type.retentionDays === null ? '' : String(type.retentionDays),
      'offeredOn.subjectList': type.offeredOn.subjectList,
      'offeredOn.pages': type.offeredOn.pages.join(', '),
    }),
    ...Object.fromEntries(
      type.fields.flatMap((f) => [
        [`${f.key}.shown`, f.shown],
        [`${f.key}.required`, f.required],
        [`${f.key}.labels.de`, f.labels.de],
        [`${f.key}.labels.en`, f.labels.en],
        [`${f.key}.help.de`, f.help.de],
        [`${f.key}.help.en`, f.help.en],
        ...(f.options ? [[`${f.key}.options`, f.options.map((o) => `${o.labels.de} / ${o.labels.en}`).join(', ')]] : []),
      ]),
    ),
  });
  return {
    action: 'update',
    kind: 'inquiryType',
    id: after.key,
    title: after.names.de || after.key,
    changes: documentChanges(flat(before), flat(after)),
  };
}

/** A type staff added, with its names and fields. */
export function inquiryTypeCreated(type: InquiryType): ChangeEntry {
  return { ...inquiryTypeEntry({ ...type, names: { de: '', en: '' }, fields: [] }, type), action: 'create' };
}

/** A type staff removed from the form (its inquiries stay). */
export function inquiryTypeRemoved(type: InquiryType): ChangeEntry {
  return { action: 'delete', kind: 'inquiryType', id: type.key, title: type.names.de || type.key, changes: [] };
}
