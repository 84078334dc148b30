import { documentEntries, plainSearchEntry, searchEntryFields } from '../section-documents/document-audit';
import type { StoredPostValues } from './news.repository';

const plainFields = [
  'address',
  'title (de)',
  'title (en)',
  'date',
  'teaser (de)',
  'teaser (en)',
  'cover',
  'publishAt',
  'noindex',
  ...searchEntryFields,
  'sections',
];

/** A post's fields as the audit trail shows them: plain values, the cover by its file, its sections by kind in order. */
const plain = (values: StoredPostValues): Record<string, unknown> => ({
  address: values.address,
  'title (de)': values.title.de,
  'title (en)': values.title.en,
  date: values.date ?? '',
  'teaser (de)': values.teaser.de,
  'teaser (en)': values.teaser.en,
  cover: values.cover ? `file ${values.cover.fileId}` : '',
  publishAt: values.publishAt ?? '',
  noindex: values.noindex,
  ...plainSearchEntry(values),
  sections: values.sections.map((s) => s.kind).join(', '),
});

/** A post's entry in the audit trail (decision 036), as a page's: kind `news`. */
export const newsEntry = documentEntries('news', plainFields, plain);
