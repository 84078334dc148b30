import type { DocumentRecord } from './document-rows';

/** A document as staff read it: its values, whether it is live, its draft of changes (with when it was saved). */
export function staffReadOf<V extends object>(record: DocumentRecord<V>) {
  return {
    id: record.id,
    ...record.values,
    published: record.published,
    draft: record.draft && { ...record.draft, updatedAt: record.updatedAt },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** A document as visitors read it: its published values, nothing of a draft. */
export function visitorReadOf<V extends object>(record: DocumentRecord<V>) {
  const { draft: _draft, ...read } = staffReadOf(record);
  return read;
}

/** One page of a list staff read whole (a few hundred documents at most), and how many there are. */
export function pageOf<T, R>(records: readonly T[], query: { PageLength: number; PageNumber: number }, read: (record: T) => R) {
  const start = (query.PageNumber - 1) * query.PageLength;
  return { data: records.slice(start, start + query.PageLength).map(read), count: records.length };
}
