import { customPageAddressKey } from '@blitz/contract';

/**
 * An address's words made from a title, as staff would write them (a page's `/…`, a post's
 * segment): lower case, its words (umlauts and ß kept) joined by hyphens, at most `max`
 * characters, cut between words.
 */
export function addressWords(title: string, max: number): string {
  const words = title
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean);
  let address = '';
  for (const word of words) {
    const next = address ? `${address}-${word}` : word;
    if (next.length > max) break;
    address = next;
  }
  return address;
}

/** The other document of a list (not `self`) that has this address, live or in its draft of changes. */
export function documentWithAddress<D extends { id: number; address: string; draft?: { address: string } | null }>(
  documents: readonly D[],
  address: string,
  self?: number,
): D | undefined {
  const key = customPageAddressKey(address.trim());
  return documents.find(
    (document) =>
      document.id !== self &&
      (customPageAddressKey(document.address) === key ||
        (document.draft && customPageAddressKey(document.draft.address) === key)),
  );
}
