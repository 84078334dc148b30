import { documentEntries, plainSearchEntry, searchEntryFields } from '../section-documents/document-audit';
import type { StoredPageValues } from './custom-pages.repository';

const plainFields = ['address', 'title (de)', 'title (en)', 'place', 'placeOrder', 'noindex', ...searchEntryFields, 'sections'];

/** A page's fields as the audit trail shows them: plain values, its sections by kind in order. */
const plain = (values: StoredPageValues): Record<string, unknown> => ({
  address: values.address,
  'title (de)': values.title.de,
  'title (en)': values.title.en,
  place: values.place,
  placeOrder: values.placeOrder,
  noindex: values.noindex,
  ...plainSearchEntry(values),
  sections: values.sections.map((s) => s.kind).join(', '),
});

/**
 * A page's entry in the audit trail (decision 036): its German title, its fields before → after,
 * and each section whose content changed, named by its place and kind (its texts can be long).
 */
export const pageEntry = documentEntries('page', plainFields, plain);
