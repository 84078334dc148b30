import { z } from 'zod';
import { ContentLanguage, type LocalizedText, searchEntryLimits, searchTextSchema } from '@blitz/contract';
import { localizedTexts, textIn } from './localized-fields';

/** A description typed over several lines is one line in a page's head: its breaks become spaces. */
const oneLineOf = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The search entry's fields of an edit form (a project's, a job's; decision 059), with the
 * contract's limits, so that form and server agree. Empty: none, the page's head is made from the texts.
 */
export const searchEntryFormShape = {
  searchTitleDe: searchTextSchema(searchEntryLimits.titleMaxLength),
  searchTitleEn: searchTextSchema(searchEntryLimits.titleMaxLength),
  searchDescriptionDe: z.string().transform(oneLineOf).pipe(searchTextSchema(searchEntryLimits.descriptionMaxLength)),
  searchDescriptionEn: z.string().transform(oneLineOf).pipe(searchTextSchema(searchEntryLimits.descriptionMaxLength)),
};

export type SearchEntryFormValues = {
  [Field in keyof typeof searchEntryFormShape]: z.input<(typeof searchEntryFormShape)[Field]>;
};
export type SearchEntryFormField = keyof SearchEntryFormValues;

/** Each field's label (the dashboard's texts): an edit conflict names the fields with them. */
export const searchEntryLabels = {
  searchTitleDe: 'admin:searchEntry.germanTitle',
  searchTitleEn: 'admin:searchEntry.englishTitle',
  searchDescriptionDe: 'admin:searchEntry.germanDescription',
  searchDescriptionEn: 'admin:searchEntry.englishDescription',
} as const satisfies Record<SearchEntryFormField, string>;

/** The form's values of an item's entry (none for Add). */
export function searchEntryFormValues(item?: {
  searchTitle?: LocalizedText[];
  searchDescription?: LocalizedText[];
}): SearchEntryFormValues {
  return {
    searchTitleDe: textIn(item?.searchTitle, ContentLanguage.German),
    searchTitleEn: textIn(item?.searchTitle, ContentLanguage.English),
    searchDescriptionDe: textIn(item?.searchDescription, ContentLanguage.German),
    searchDescriptionEn: textIn(item?.searchDescription, ContentLanguage.English),
  };
}

/** The entry as a save sends it: always both fields, so that emptying one clears it. */
export function searchEntryPayload(values: SearchEntryFormValues): {
  searchTitle: LocalizedText[];
  searchDescription: LocalizedText[];
} {
  return {
    searchTitle: localizedTexts(values.searchTitleEn, values.searchTitleDe),
    searchDescription: localizedTexts(values.searchDescriptionEn, values.searchDescriptionDe),
  };
}
