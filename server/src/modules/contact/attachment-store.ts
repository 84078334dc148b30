import crypto from 'node:crypto';
import type { ObjectStorage } from '../../storage/object-storage';

/**
 * Inquiry attachments are objects of the site's `attachments` storage (storage/), never served
 * publicly, each under a random key that the inquiry's row records.
 */

/** Names are random: 16 bytes in hex. */
export const attachmentKeyPattern = /^[a-f0-9]{32}$/;

export function newAttachmentKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

/**
 * Removes attachments that no row references and that are older than `olderThanMs` (younger
 * ones may belong to an upload whose inquiry is being stored right now), and what unfinished
 * uploads left. An attachment is stored before its row, so a crash in between leaves exactly
 * such an object. Returns how many went.
 */
export async function sweepAttachments(
  store: ObjectStorage,
  isReferenced: (keys: string[]) => Promise<Set<string>>,
  olderThanMs: number,
  now = new Date(),
): Promise<number> {
  const cutoff = now.getTime() - olderThanMs;
  let removed = await store.removeIncomplete(olderThanMs);
  let candidates: string[] = [];
  const removeUnreferenced = async () => {
    const referenced = candidates.length ? await isReferenced(candidates) : new Set<string>();
    const orphans = candidates.filter((key) => !referenced.has(key));
    await store.remove(orphans);
    removed += orphans.length;
    candidates = [];
  };
  for await (const object of store.list()) {
    if (!attachmentKeyPattern.test(object.key) || object.modifiedAt.getTime() >= cutoff) continue;
    candidates.push(object.key);
    // In batches: the reference lookup is one query with every key in it.
    if (candidates.length >= 500) await removeUnreferenced();
  }
  await removeUnreferenced();
  return removed;
}
