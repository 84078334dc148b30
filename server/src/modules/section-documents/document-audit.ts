import { type AuditChange, ContentLanguage, type LocalizedText } from '@blitz/contract';
import { type ChangeEntry, fieldChanges } from '../audit/audit.recorder';
import type { StoredSection } from './section-values';

type Documented = { title: { de: string; en: string }; sections: readonly StoredSection[] };

const inLanguage = (texts: readonly LocalizedText[], language: ContentLanguage) =>
  texts.find((t) => t.language === language)?.content ?? '';

/** The search entry's fields (decision 059) as the audit trail shows them, per language. */
export const searchEntryFields = [
  'searchTitle (de)',
  'searchTitle (en)',
  'searchDescription (de)',
  'searchDescription (en)',
] as const;

export function plainSearchEntry(values: { searchTitle: LocalizedText[]; searchDescription: LocalizedText[] }) {
  return {
    'searchTitle (de)': inLanguage(values.searchTitle, ContentLanguage.German),
    'searchTitle (en)': inLanguage(values.searchTitle, ContentLanguage.English),
    'searchDescription (de)': inLanguage(values.searchDescription, ContentLanguage.German),
    'searchDescription (en)': inLanguage(values.searchDescription, ContentLanguage.English),
  };
}

/**
 * A document's entries in the audit trail (decision 036): its German title, its fields before →
 * after (`plain`: the values as plain fields, its sections by kind in order among them), and each
 * section whose content changed, named by its place and kind (its texts can be long).
 */
export function documentEntries<V extends Documented>(
  kind: string,
  fields: readonly string[],
  plain: (values: V) => Record<string, unknown>,
) {
  return (action: string, id: number, before: V | undefined, after?: V): ChangeEntry => {
    const title = (after ?? before)?.title.de ?? '';
    if (!after) return { action, kind, id, title };
    const earlier = new Map(before?.sections.map((s) => [s.id, JSON.stringify(s)]));
    const changes: AuditChange[] = [
      ...fieldChanges(before && plain(before), plain(after), fields),
      ...after.sections.flatMap((section, index) => {
        const was = earlier.get(section.id);
        return was === undefined || was === JSON.stringify(section)
          ? []
          : [{ field: `section ${index + 1} (${section.kind})`, before: null, after: null }];
      }),
    ];
    return { action, kind, id, title, changes };
  };
}
