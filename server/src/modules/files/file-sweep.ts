import type { Db } from '../../db/database';
import type { ObjectStorage } from '../../storage/object-storage';
import { keysStillNamed } from './files.repository';

/** How old an object of the library must be before a sweep may take it: an upload younger than that may be about to get its row. */
export const librarySweepAgeMs = 60 * 60 * 1000;

/**
 * Removes the library's objects (`files/…` in the media store) that no row names and that are
 * older than `olderThanMs`: what a crash between storing an upload and writing its row left, or a
 * replaced file's objects whose removal failed. Answers how many went.
 */
export async function sweepLibraryFiles(
  deps: { db: Db; media: ObjectStorage },
  olderThanMs = librarySweepAgeMs,
  now = new Date(),
): Promise<number> {
  const cutoff = now.getTime() - olderThanMs;
  let removed = 0;
  let candidates: string[] = [];
  const removeUnnamed = async () => {
    const named = await keysStillNamed(deps.db, candidates);
    const orphans = candidates.filter((key) => !named.has(key));
    await deps.media.remove(orphans);
    removed += orphans.length;
    candidates = [];
  };
  for await (const object of deps.media.list('files/')) {
    if (object.modifiedAt.getTime() >= cutoff) continue;
    candidates.push(object.key);
    if (candidates.length >= 500) await removeUnnamed();
  }
  if (candidates.length > 0) await removeUnnamed();
  return removed;
}
