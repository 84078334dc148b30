/**
 * Case-insensitive search works alike on both databases through a folded copy of each text
 * (SQLite's LIKE folds ASCII only, PostgreSQL's not at all).
 */
export function foldText(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

/** A LIKE pattern (with `escape '\'`) for a folded substring; `%`, `_` and `\` match themselves. */
export function containsPattern(text: string): string {
  return `%${foldText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
