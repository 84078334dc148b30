import type { TrashKind } from '@blitz/contract';
import { recordChange } from '../audit/audit.recorder';
import type { TrashAdapter } from '../registry/trash-adapter';
import { purgeDocument } from './document-drafts';
import type { DocumentKind, DocumentValues } from './document-drafts';
import { restoreDocument, trashedDocuments } from './document-rows';

/** A kind of document in the trash (decision 037): one comes back at its address, live again if it was. */
export function documentTrash<V extends DocumentValues>(trashKind: TrashKind, kind: DocumentKind<V>): TrashAdapter {
  return {
    kind: trashKind,
    find: (db, before) => trashedDocuments(db, kind.table, trashKind, before),
    restore: async (trx, id) => {
      if (!(await restoreDocument(trx, kind.table, id))) return undefined;
      await recordChange(trx, kind.entry('restore', id, (await kind.find(trx, id))?.values));
      return { restored: [{ kind: trashKind, id }], featuredDropped: false };
    },
    purge: (deps, id) => purgeDocument(kind, deps.db, id),
  };
}
