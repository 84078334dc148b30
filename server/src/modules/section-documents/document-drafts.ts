import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { notFound } from '../../lib/http-error';
import { type ChangeEntry, recordChange } from '../audit/audit.recorder';
import { claimVersion } from '../audit/edit-version';
import { bumpContentVersion } from '../content/content-version.repository';
import { type DocumentPlace, claimingAddress, goLiveAt } from './document-addresses';
import { type DocumentRecord, deleteDocument, lockDocumentVersion, trashDocument } from './document-rows';
import { sameValues } from './section-values';

/** The values every document of sections has: what drafts, addresses and the audit trail read. */
export type DocumentValues = { address: string; title: { de: string; en: string } };

/** What a document's row is written with: its values, its draft of changes, whether it is live. */
export type DocumentState<V> = { values: V; draft: V | null; published: boolean };

/**
 * One kind of document with projects' drafts (decisions 033, 036, 037): a page, a news post. Its
 * module hands in its repository's reads and writes, its audit entry and its checks; the states a
 * document goes through, the order of locks and the audit trail's actions are here, once.
 */
export type DocumentKind<V extends DocumentValues> = DocumentPlace & {
  /** Its kind in the audit trail and in a stale save's 409 (`page`, `news`). */
  kind: string;
  /** What a 404 names (`Page`, `News post`). */
  name: string;
  find: (db: Db, id: number) => Promise<DocumentRecord<V> | undefined>;
  insert: (trx: Db, values: V, published: boolean) => Promise<number>;
  /** Writes the row; false if there is no such document (or it is in the trash). */
  write: (trx: Db, id: number, state: DocumentState<V>) => Promise<boolean>;
  entry: (action: string, id: number, before: V | undefined, after?: V) => ChangeEntry;
  /** What the schema cannot see (the address free, the sections' files…); `kept`: its stored values and draft. */
  check: (trx: Db, values: V, id: number | undefined, kept: readonly (V | null)[]) => Promise<void>;
  /** The values as they go live at `now` (a news post without a time takes the moment); otherwise as they are. */
  asLive?: (values: V, now: Date) => V;
};

const asLive = <V extends DocumentValues>(kind: DocumentKind<V>, values: V, now = new Date()) =>
  kind.asLive?.(values, now) ?? values;

/**
 * The document, its row held until the transaction ends (read after the lock: a save at the same
 * moment is not undone by this one). Every write takes the content version first, then the
 * document, then the library's files, as the library's writes take the version before a file (one
 * lock order, no deadlock).
 */
async function held<V extends DocumentValues>(kind: DocumentKind<V>, trx: Db, id: number): Promise<DocumentRecord<V>> {
  if ((await lockDocumentVersion(trx, kind.table, id)) === undefined) throw notFound(kind.name);
  return (await kind.find(trx, id))!;
}

/** A new document: a draft, or live with `published` (at `now`, the app's clock). Answers its id. */
export function createDocument<V extends DocumentValues>(
  kind: DocumentKind<V>,
  db: Db,
  pending: V,
  published: boolean,
  now?: Date,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    if (published) await bumpContentVersion(trx);
    await kind.check(trx, pending, undefined, []);
    const values = published ? asLive(kind, pending, now) : pending;
    const id = await claimingAddress(kind, values.address, () => kind.insert(trx, values, published));
    await recordChange(trx, kind.entry('create', id, undefined, values));
    if (published) {
      await goLiveAt(trx, kind, values, undefined);
      await recordChange(trx, kind.entry('publish', id, values));
    }
    return id;
  });
}

/**
 * Saves a document as decision 033 saves a project: `published: true` live, `false` a draft (a
 * live document's draft of changes), left out keeps its state (a live document saved live).
 */
export async function changeDocument<V extends DocumentValues>(
  kind: DocumentKind<V>,
  db: Db,
  id: number,
  pending: V,
  options: { published?: boolean | undefined; updatedAt?: string | undefined; now?: Date },
): Promise<void> {
  const { published, updatedAt } = options;
  await inTransaction(db, async (trx) => {
    // Whether visitors will see this save decides whether it takes the content version (first).
    const seen = await kind.find(trx, id);
    if (!seen) throw notFound(kind.name);
    if (published ?? seen.published) await bumpContentVersion(trx);
    await claimVersion(trx, (t, i) => lockDocumentVersion(t, kind.table, i), kind.kind, id, updatedAt);
    const before = await held(kind, trx, id);
    const live = published ?? before.published;
    await kind.check(trx, pending, id, [before.values, before.draft]);
    if (before.published && !live) {
      // A draft of changes: visitors keep the published document.
      const draft = sameValues(pending, before.values) ? null : pending;
      await kind.write(trx, id, { values: before.values, draft, published: true });
      await recordChange(trx, kind.entry('saveDraft', id, before.draft ?? before.values, pending));
      return;
    }
    // Live meanwhile (published by someone else while this was read): visitors see this save too.
    if (live && !(published ?? seen.published)) await bumpContentVersion(trx);
    const values = live ? asLive(kind, pending, options.now) : pending;
    await claimingAddress(kind, values.address, () => kind.write(trx, id, { values, draft: null, published: live }));
    await recordChange(trx, kind.entry('update', id, before.values, values));
    if (live) await goLiveAt(trx, kind, values, before.published ? before.values.address : undefined);
    if (live && !before.published) await recordChange(trx, kind.entry('publish', id, values));
  });
}

/** Makes a document and its draft of changes live; a live one without a draft stays as it is. */
export async function publishDocument<V extends DocumentValues>(
  kind: DocumentKind<V>,
  db: Db,
  id: number,
  now?: Date,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const before = await held(kind, trx, id);
    if (before.published && !before.draft) return;
    const pending = before.draft ?? before.values;
    // Checked when it was saved; its address again (another document may have taken it meanwhile).
    await kind.check(trx, pending, id, [before.values, before.draft]);
    const values = asLive(kind, pending, now);
    await claimingAddress(kind, values.address, () => kind.write(trx, id, { values, draft: null, published: true }));
    await goLiveAt(trx, kind, values, before.published ? before.values.address : undefined);
    await recordChange(trx, kind.entry('publish', id, values));
  });
}

/** Takes a document off the site: its pending values (a draft of changes, else its values) stay as its draft. */
export async function unpublishDocument<V extends DocumentValues>(kind: DocumentKind<V>, db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    const before = await held(kind, trx, id);
    if (!before.published) return;
    const values = before.draft ?? before.values;
    // Never published again until it is: the pending values are its values now, as a draft's are.
    await claimingAddress(kind, values.address, () => kind.write(trx, id, { values, draft: null, published: false }));
    await recordChange(trx, kind.entry('unpublish', id, before.values));
  });
}

/** Discards a live document's draft of changes. */
export async function discardDocumentDraft<V extends DocumentValues>(kind: DocumentKind<V>, db: Db, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const before = await held(kind, trx, id);
    if (!before.draft) return;
    await kind.write(trx, id, { values: before.values, draft: null, published: before.published });
    await recordChange(trx, kind.entry('discardDraft', id, before.values));
  });
}

/** The dashboard's delete: to the trash (decision 037), recorded in the audit trail. */
export async function removeDocument<V extends DocumentValues>(
  kind: DocumentKind<V>,
  db: Db,
  id: number,
  by: string,
): Promise<void> {
  const deleted = await inTransaction(db, async (trx) => {
    const before = await kind.find(trx, id);
    const done = await trashDocument(trx, kind.table, id, by);
    if (done) await recordChange(trx, kind.entry('delete', id, before?.values));
    return done;
  });
  if (!deleted) throw notFound(kind.name);
}

/** Deletes a document of the trash for good (the purge), taking the content version first as every trash write does. */
export const purgeDocument = (kind: Pick<DocumentPlace, 'table'>, db: Db, id: number) =>
  inTransaction(db, async (trx) => {
    await bumpContentVersion(trx);
    return deleteDocument(trx, kind.table, id, { trashed: true });
  });
