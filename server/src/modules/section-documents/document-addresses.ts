import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { HttpError } from '../../lib/http-error';
import { fromKey } from '../redirects/redirect-paths';
import { allRedirects } from '../redirects/redirects.repository';
import { addMissingRedirects, removeRedirect } from '../redirects/redirects.service';
import { type DocumentTable, documentTakingAddress } from './document-rows';

/**
 * Where a kind of document lives: its table, what staff call one (`page`, `news post`) and the
 * public path of an address (a page's is itself, a post's below /aktuelles), one for both
 * languages: English is its `?lang=en` (decision 064), which a redirect keeps.
 */
export type DocumentPlace = {
  table: DocumentTable;
  noun: string;
  path: (address: string) => string;
};

/** The 409 of an address another document of the kind has (also in a draft of changes, or in the trash). */
export function addressTaken(place: DocumentPlace, address: string, by?: { title: string; trashed: boolean }): HttpError {
  const whose = by ? `the ${place.noun} “${by.title}”${by.trashed ? ' (in the trash)' : ''}` : `another ${place.noun}`;
  return new HttpError(409, 'conflict', `${whose} has the address ${address}`, {
    errors: [{ field: 'address', message: `taken by ${whose}` }],
  });
}

/**
 * The address free: no other document of the kind has it (also none in the trash or in a draft),
 * and no redirect leads away from its path but one this document's own move left (`kept`:
 * its stored values and draft).
 */
export async function checkAddress(
  trx: Db,
  place: DocumentPlace,
  address: string,
  id: number | undefined,
  kept: readonly ({ address: string } | null)[],
): Promise<void> {
  const taken = await documentTakingAddress(trx, place.table, address, id);
  if (taken) throw addressTaken(place, address, taken);
  const own = new Set(kept.flatMap((v) => (v ? [fromKey(place.path(v.address))] : [])));
  const path = place.path(address);
  if (own.has(fromKey(path))) return;
  const redirect = (await allRedirects(trx)).find((r) => r.fromKey === fromKey(path));
  if (redirect && !own.has(fromKey(redirect.to)))
    throw new HttpError(409, 'conflict', `A redirect leads from ${path} to ${redirect.to}`, {
      errors: [{ field: 'address', message: `a redirect leads from ${path} to ${redirect.to}; remove it under Redirects first` }],
    });
}

/**
 * A document goes live at its address: a redirect from its path (one its own earlier move left,
 * or one staff added since) would hide it (redirects answer first) and goes; moved from another
 * live address, the old path leads to its new one (301, the visitor's query kept: `?lang=en`), as
 * decision 047's redirects do.
 */
export async function goLiveAt(
  trx: Db,
  place: DocumentPlace,
  values: { address: string; title: { de: string } },
  livedAt: string | undefined,
): Promise<void> {
  const path = place.path(values.address);
  const hiding = (await allRedirects(trx)).find((r) => r.fromKey === fromKey(path));
  if (hiding) await removeRedirect(trx, hiding.id);
  if (livedAt !== undefined && fromKey(livedAt) !== fromKey(values.address)) {
    const move = { from: place.path(livedAt), to: path, keepQuery: true };
    await addMissingRedirects(trx, [move], `The ${place.noun} “${values.title.de}” moved.`);
  }
}

/** A write of a row that another document's address beat (two saves at the same moment): a 409, not a 500. */
export async function claimingAddress<T>(place: DocumentPlace, address: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw addressTaken(place, address);
    throw error;
  }
}
