import { isAddedKey, reservedFieldNames } from '@blitz/contract';

const maxKeyLength = 40;

/** Names the public form already uses for something else: an added field may not take them (the server refuses them, 400). */
export const reservedFieldKeys = reservedFieldNames;

const spelledOut: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ẞ: 'Ss' };

/**
 * A key from words people gave ("Prüftermin vereinbaren" → `pruefterminVereinbaren`): umlauts
 * spelt out, other accents dropped, words joined in camelCase; a number added where the key is
 * taken (compared without case: `eMail` and `email` would confuse anyone reading the API).
 * `fallback` (a-z, 2 letters or more) stands in for words that leave no letter.
 */
export function keyFrom(words: string, taken: Iterable<string>, fallback: string): string {
  const ascii = words
    .replace(/[äöüßÄÖÜẞ]/g, (letter) => spelledOut[letter]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const parts = ascii
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.toLowerCase());
  // A key begins with a letter: leading digits go.
  while (parts.length > 0 && !/^[a-z]/.test(parts[0]!)) {
    const rest = parts[0]!.replace(/^[0-9]+/, '');
    if (rest) parts[0] = rest;
    else parts.shift();
  }
  const joined = parts.map((part, i) => (i === 0 ? part : part[0]!.toUpperCase() + part.slice(1))).join('');
  const base = joined.length >= 2 ? joined : fallback + joined.charAt(0).toUpperCase() + joined.slice(1);
  const used = new Set([...taken].map((key) => key.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : String(n);
    const key = base.slice(0, maxKeyLength - suffix.length) + suffix;
    // Not a name every object has (`constructor`): the contract refuses those too.
    if (!used.has(key.toLowerCase()) && isAddedKey(key)) return key;
  }
}
