import type { FileUse } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { FileUsageSource } from '../registry/file-usage';
import { listCustomPages } from './custom-pages.repository';
import { filesOf } from './custom-pages.service';

/**
 * The library's files the pages use (decision 060): in their published values or in a draft of
 * changes, so that no file a page will show is deleted; a page in the trash too, which would come
 * back without them (named as in the trash: no address).
 */
export const customPageFiles: FileUsageSource = {
  kind: 'page',
  async usesOf(db: Db, fileIds: readonly number[]) {
    const wanted = new Set(fileIds);
    return (await listCustomPages(db, { withTrashed: true })).flatMap((page) => {
      const used = new Set(
        [page.values, page.draft]
          .flatMap((values) => values?.sections ?? [])
          .flatMap((section) => filesOf(section).map(([, id]) => id))
          .filter((id) => wanted.has(id)),
      );
      const use: FileUse = {
        kind: 'page',
        id: page.id,
        title: page.trashed ? `${page.values.title.de} (im Papierkorb)` : page.values.title.de,
        address: page.published && !page.trashed ? page.values.address : null,
      };
      return [...used].map((fileId) => ({ fileId, use }));
    });
  },
};
