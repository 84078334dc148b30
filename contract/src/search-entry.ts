import { z } from 'zod';
import { hasUniqueLanguages } from './languages';
import { contentLanguageSchema } from './localized-text';
import { oneLine } from './one-line';

/**
 * A search-engine entry of a reference project or a job opening (issue 45, decision 059): the
 * title and the description a search engine and a link preview show, per language. Empty: the
 * page's head is made as before from the item's own texts.
 */
export const searchEntryLimits = {
  /** Refused above this: about twice what a result list shows. */
  titleMaxLength: 120,
  descriptionMaxLength: 320,
} as const;

/**
 * What a result list shows, in characters (the dashboard's hints): a title of about 50–60
 * characters, a description of about 120–160; longer ones are cut.
 */
export const searchEntryShown = {
  title: { from: 50, upTo: 60 },
  description: { from: 120, upTo: 160 },
} as const;

/** One language's title or description: one line (it goes into the page's head), trimmed. */
export const searchTextSchema = (maxLength: number) => oneLine(z.string().trim().max(maxLength));

/**
 * One field of an entry in both languages, each once, `[{content, language}]` like every localised
 * text. One line each (it goes into the page's head); an empty one is none.
 */
export const searchTextsSchema = (maxLength: number) =>
  z
    .array(z.strictObject({ content: searchTextSchema(maxLength), language: contentLanguageSchema }))
    .max(2)
    .refine(hasUniqueLanguages, 'each language may appear once')
    .transform((texts) => texts.filter((t) => t.content !== ''));

/**
 * The entry's fields in a create or update. Left out of an update, the entry stays as it is (as
 * the pictures and the featuring do); an empty list clears it.
 */
export const searchEntryFieldsSchema = {
  searchTitle: searchTextsSchema(searchEntryLimits.titleMaxLength).optional(),
  searchDescription: searchTextsSchema(searchEntryLimits.descriptionMaxLength).optional(),
};
