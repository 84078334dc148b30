import { type AuditChange, ContentLanguage, type LocalizedText } from '@blitz/contract';
import { type ChangeEntry, fieldChanges } from '../audit/audit.recorder';
import type { StoredPageValues } from './custom-pages.repository';

const plainFields = [
  'address',
  'title (de)',
  'title (en)',
  'place',
  'placeOrder',
  'noindex',
  'searchTitle (de)',
  'searchTitle (en)',
  'searchDescription (de)',
  'searchDescription (en)',
  'sections',
] as const;

const inLanguage = (texts: readonly LocalizedText[], language: ContentLanguage) =>
  texts.find((t) => t.language === language)?.content ?? '';

/** A page's fields as the audit trail shows them: plain values, its sections by kind in order. */
function plain(values: StoredPageValues | undefined): Record<string, unknown> | undefined {
  return (
    values && {
      address: values.address,
      'title (de)': values.title.de,
      'title (en)': values.title.en,
      place: values.place,
      placeOrder: values.placeOrder,
      noindex: values.noindex,
      'searchTitle (de)': inLanguage(values.searchTitle, ContentLanguage.German),
      'searchTitle (en)': inLanguage(values.searchTitle, ContentLanguage.English),
      'searchDescription (de)': inLanguage(values.searchDescription, ContentLanguage.German),
      'searchDescription (en)': inLanguage(values.searchDescription, ContentLanguage.English),
      sections: values.sections.map((s) => s.kind).join(', '),
    }
  );
}

/**
 * A page's entry in the audit trail (decision 036): its German title, its fields before → after,
 * and each section whose content changed, named by its place and kind (its texts can be long).
 */
export function pageEntry(
  action: string,
  id: number,
  before: StoredPageValues | undefined,
  after?: StoredPageValues,
): ChangeEntry {
  const title = (after ?? before)?.title.de ?? '';
  if (!after) return { action, kind: 'page', id, title };
  const earlier = new Map(before?.sections.map((s) => [s.id, JSON.stringify(s)]));
  const changes: AuditChange[] = [
    ...fieldChanges(plain(before), plain(after)!, plainFields),
    ...after.sections.flatMap((section, index) => {
      const was = earlier.get(section.id);
      return was === undefined || was === JSON.stringify(section)
        ? []
        : [{ field: `section ${index + 1} (${section.kind})`, before: null, after: null }];
    }),
  ];
  return { action, kind: 'page', id, title, changes };
}
