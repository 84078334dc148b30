import type { EditableTextNamespace, SiteTextEntry, SiteTextState } from '@blitz/contract';

/** A language's state for the tests: the default, and what is published and drafted over it. */
export const state = (defaultText: string, changes: Partial<Omit<SiteTextState, 'default'>> = {}): SiteTextState => ({
  default: defaultText,
  published: null,
  hasDraft: false,
  draft: null,
  ...changes,
});

export const entry = (
  namespace: EditableTextNamespace,
  key: string,
  de: SiteTextState,
  en: SiteTextState,
  lines = false,
): SiteTextEntry => ({ namespace, key, lines, de, en });
