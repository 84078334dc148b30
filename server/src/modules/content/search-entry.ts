import { ContentLanguage, type LocalizedText } from '@blitz/contract';
import type { SearchEntryColumns } from '../../db/schema';

/**
 * A search-engine entry (decision 059) as a module keeps it: its title and description, each a
 * list of localised texts (empty ones left out), the English first as every text list is sorted.
 * A project's and a job's; the columns are the same in both tables.
 */
export type SearchEntry = { title: LocalizedText[]; description: LocalizedText[] };

export const noSearchEntry: SearchEntry = { title: [], description: [] };

type Columns = { [Column in keyof SearchEntryColumns]: string };

const textsOf = (english: string, german: string): LocalizedText[] =>
  [
    { content: english, language: ContentLanguage.English },
    { content: german, language: ContentLanguage.German },
  ].filter((t): t is LocalizedText => t.content !== '');

const textIn = (texts: readonly LocalizedText[], language: ContentLanguage) =>
  texts.find((t) => t.language === language)?.content ?? '';

/** The entry of a row (a release before the columns: none). */
export function searchEntryOf(row: Partial<Columns>): SearchEntry {
  return {
    title: textsOf(row.search_title_en ?? '', row.search_title_de ?? ''),
    description: textsOf(row.search_description_en ?? '', row.search_description_de ?? ''),
  };
}

/** The columns an entry is written to. */
export function searchEntryColumns(entry: SearchEntry): Columns {
  return {
    search_title_de: textIn(entry.title, ContentLanguage.German),
    search_title_en: textIn(entry.title, ContentLanguage.English),
    search_description_de: textIn(entry.description, ContentLanguage.German),
    search_description_en: textIn(entry.description, ContentLanguage.English),
  };
}

/** The entry in one language alone (a read that asked for one), as the item's other texts are. */
export function searchEntryIn(entry: SearchEntry, language: ContentLanguage | undefined): SearchEntry {
  if (!language) return entry;
  return {
    title: entry.title.filter((t) => t.language === language),
    description: entry.description.filter((t) => t.language === language),
  };
}

/** An entry given by a save (`searchTitle`, `searchDescription`), the fields left out taken from `kept`. */
export function searchEntryFrom(
  fields: { searchTitle?: LocalizedText[] | undefined; searchDescription?: LocalizedText[] | undefined },
  kept: SearchEntry,
): SearchEntry {
  return searchEntryOf(
    searchEntryColumns({ title: fields.searchTitle ?? kept.title, description: fields.searchDescription ?? kept.description }),
  );
}
