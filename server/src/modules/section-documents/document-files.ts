import type { FileUse } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { FileUsageSource } from '../registry/file-usage';
import type { DocumentRecord } from './document-rows';

/**
 * The library's files a kind of document uses (decision 060): in its published values or in a
 * draft of changes, so that no file it will show is deleted; a document in the trash too, which
 * would come back without them (named as in the trash: no address).
 */
export function documentFileUsage<V extends { title: { de: string } }>(options: {
  kind: string;
  list: (db: Db) => Promise<DocumentRecord<V>[]>;
  filesOf: (values: V) => number[];
  /** Where visitors see a live one. */
  addressOf: (values: V) => string;
}): FileUsageSource {
  return {
    kind: options.kind,
    async usesOf(db: Db, fileIds: readonly number[]) {
      const wanted = new Set(fileIds);
      return (await options.list(db)).flatMap((record) => {
        const used = new Set(
          [record.values, record.draft]
            .flatMap((values) => (values ? options.filesOf(values) : []))
            .filter((id) => wanted.has(id)),
        );
        const use: FileUse = {
          kind: options.kind,
          id: record.id,
          title: record.trashed ? `${record.values.title.de} (im Papierkorb)` : record.values.title.de,
          address: record.published && !record.trashed ? options.addressOf(record.values) : null,
        };
        return [...used].map((fileId) => ({ fileId, use }));
      });
    },
  };
}
