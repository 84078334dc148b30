import { type EditableTextNamespace, type SiteTextEntry, editableTextNamespaces, siteLanguages } from '@blitz/contract';

/** The texts of one page (a locale namespace), in the file's order. */
export type TextGroup = { namespace: EditableTextNamespace; entries: SiteTextEntry[] };

/** Entries by page, pages in the contract's order; pages without an entry are left out. */
export function groupByPage(entries: readonly SiteTextEntry[]): TextGroup[] {
  const byNamespace = new Map<EditableTextNamespace, SiteTextEntry[]>();
  for (const entry of entries) {
    const list = byNamespace.get(entry.namespace);
    if (list) list.push(entry);
    else byNamespace.set(entry.namespace, [entry]);
  }
  return editableTextNamespaces.flatMap((namespace) => {
    const list = byNamespace.get(namespace);
    return list ? [{ namespace, entries: list }] : [];
  });
}

// Soft hyphens (­) sit inside long German words of the locale files; a search for the word
// must find it anyway.
const normalize = (text: string) => text.replaceAll('\u00ad', '').toLocaleLowerCase('de');

/** Every text the search looks at: the key and, in both languages, the default, the live text and the draft. */
function searchableTexts(entry: SiteTextEntry): string[] {
  const texts = [entry.key];
  for (const language of siteLanguages) {
    const state = entry[language];
    texts.push(state.default);
    if (state.published !== null) texts.push(state.published);
    if (state.draft !== null) texts.push(state.draft);
  }
  return texts;
}

/** The entries whose key or texts contain the query, ignoring case; an empty query keeps all. */
export function searchTexts(entries: readonly SiteTextEntry[], query: string): SiteTextEntry[] {
  const needle = normalize(query.trim());
  if (needle === '') return [...entries];
  return entries.filter((entry) => searchableTexts(entry).some((text) => normalize(text).includes(needle)));
}

/** The first `limit` entries, still grouped by page (the list shows a page at a time, "show more" for the rest). */
export function firstOfGroups(groups: readonly TextGroup[], limit: number): TextGroup[] {
  const shown: TextGroup[] = [];
  let left = limit;
  for (const group of groups) {
    if (left <= 0) break;
    const entries = group.entries.slice(0, left);
    shown.push({ namespace: group.namespace, entries });
    left -= entries.length;
  }
  return shown;
}
