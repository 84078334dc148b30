import { type SiteTextEntry, type SiteTextState, draftText, liveText, siteLanguages } from '@blitz/contract';

/** The dashboard's checks of the page texts, each a filter with its count. */
export const completenessChecks = ['oneLanguage', 'changed', 'empty', 'drafts'] as const;
export type CompletenessCheck = (typeof completenessChecks)[number];

/** A language's text differs from the shipped default, live or in its draft. */
export const differsFromDefault = (state: SiteTextState): boolean =>
  liveText(state) !== state.default || draftText(state) !== state.default;

const isBlank = (text: string) => text.trim() === '';

const tests: Record<CompletenessCheck, (entry: SiteTextEntry) => boolean> = {
  // Changed in one language while the other still reads the default: the translation was forgotten.
  oneLanguage: (entry) => differsFromDefault(entry.de) !== differsFromDefault(entry.en),
  changed: (entry) => siteLanguages.some((language) => differsFromDefault(entry[language])),
  // The server refuses empty texts; a hit here means a default or a stored text went wrong.
  empty: (entry) => siteLanguages.some((language) => isBlank(liveText(entry[language])) || isBlank(draftText(entry[language]))),
  drafts: (entry) => siteLanguages.some((language) => entry[language].hasDraft),
};

export function failsCheck(entry: SiteTextEntry, check: CompletenessCheck): boolean {
  return tests[check](entry);
}

/** How many texts each check finds. */
export function completenessCounts(entries: readonly SiteTextEntry[]): Record<CompletenessCheck, number> {
  const counts = { oneLanguage: 0, changed: 0, empty: 0, drafts: 0 };
  for (const entry of entries) for (const check of completenessChecks) if (tests[check](entry)) counts[check] += 1;
  return counts;
}

/** How many language drafts a text has (the list's `drafts` counts these). */
export const draftCount = (entry: SiteTextEntry): number => siteLanguages.filter((language) => entry[language].hasDraft).length;
