import type { FastifyBaseLogger } from 'fastify';
import type { LocalizedText, TrashKind, TrashRestoreResult } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { ObjectStorage } from '../../storage/object-storage';

/** An item in the trash as its domain reads it. */
export type TrashRecord = {
  kind: TrashKind;
  id: number;
  title: string;
  titles: LocalizedText[];
  deletedAt: string;
  deletedBy: string;
};

/** What a purge may need: a project's pictures go with it (decision 037). */
export type TrashPurgeDeps = { db: Db; media: ObjectStorage; log: FastifyBaseLogger };

/**
 * What the trash needs of one kind of item. Each trashable domain (projects, categories, jobs)
 * hands one in with its module record, so that the trash, a part of the kernel, imports none of
 * them (decision 046). Here beside the record, not in trash/: the trash's own record names the
 * registry, which names this type.
 */
export type TrashAdapter = {
  kind: TrashKind;
  /** Its items in the trash; `before`: only those deleted before then (the purge). */
  find: (db: Db, before?: string) => Promise<TrashRecord[]>;
  /**
   * Brings an item back as it was, and records that in the audit trail, in the caller's
   * transaction. What came back with it (a project's category) is named in `restored`; undefined
   * if the item was not in the trash.
   */
  restore: (trx: Db, id: number) => Promise<TrashRestoreResult | undefined>;
  /** Deletes an item of the trash for good; false if it was no longer there (restored meanwhile). */
  purge: (deps: TrashPurgeDeps, id: number) => Promise<boolean>;
  /** The kinds whose items a purge deletes only after this kind's (a project before the category it names). */
  purgeBefore?: readonly TrashKind[];
};

/**
 * The adapters of the modules that hand one in (their records' `trash`, site-module.ts), in purge
 * order: each after every adapter that must purge before it, otherwise in the modules' order.
 * Throws on a circle or a kind named twice.
 */
export function trashAdaptersOf(modules: readonly { trash?: TrashAdapter }[]): TrashAdapter[] {
  const left = modules.flatMap((module) => (module.trash ? [module.trash] : []));
  const kinds = left.map((adapter) => adapter.kind);
  const twice = kinds.find((kind, index) => kinds.indexOf(kind) !== index);
  if (twice) throw new Error(`two modules hand in a trash adapter for ${twice}`);
  const ordered: TrashAdapter[] = [];
  while (left.length > 0) {
    const next = left.findIndex((adapter) => !left.some((other) => other.purgeBefore?.includes(adapter.kind)));
    if (next < 0) throw new Error(`the trash adapters' purge order is a circle: ${left.map((a) => a.kind).join(', ')}`);
    ordered.push(...left.splice(next, 1));
  }
  return ordered;
}
