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
 * hands one in, so that the trash, a part of the kernel, imports none of them (decision 046).
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
};
