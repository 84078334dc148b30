import { ContentLanguage, type FileUse, projectPath } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { FileUsageSource } from '../registry/file-usage';
import { pictureColumns } from './project-pictures';

/**
 * The library's pictures a reference project was given (decision 066): in its pictures or a draft
 * of changes, in the trash too (named so). The project holds a copy, so a deletion of the library's
 * file would lose it nothing; the library asks all the same, so that staff see every place a
 * picture stands before it goes, as for pages and news.
 */
export const projectFileUsage: FileUsageSource = {
  kind: 'project',
  async usesOf(db: Db, fileIds: readonly number[]) {
    const wanted = new Set(fileIds);
    const rows = await db
      .selectFrom('projects')
      .select(['id', 'published', 'deleted_at', 'pictures', 'draft'])
      .where((eb) => eb.or([eb('pictures', 'like', '%"libraryFileId":%'), eb('draft', 'like', '%"libraryFileId":%')]))
      .execute();
    const uses = rows.flatMap((row) => {
      const ids = new Set(
        pictureColumns
          .flatMap(({ column, read }) => read(row[column as 'pictures' | 'draft']))
          .flatMap((picture) =>
            picture.libraryFileId !== undefined && wanted.has(picture.libraryFileId) ? [picture.libraryFileId] : [],
          ),
      );
      return [...ids].map((fileId) => ({ fileId, row }));
    });
    if (uses.length === 0) return [];
    const titles = await db
      .selectFrom('project_texts')
      .where('field', '=', 'title')
      .where('project_id', 'in', [...new Set(uses.map((use) => use.row.id))])
      .select(['project_id', 'language', 'content'])
      .execute();
    const titleOf = (id: number) => {
      const own = titles.filter((t) => t.project_id === id);
      return (own.find((t) => t.language === ContentLanguage.German) ?? own[0])?.content ?? `#${id}`;
    };
    return uses.map(({ fileId, row }) => {
      const use: FileUse = {
        kind: 'project',
        id: row.id,
        title: row.deleted_at ? `${titleOf(row.id)} (im Papierkorb)` : titleOf(row.id),
        address: row.published && !row.deleted_at ? projectPath(row.id) : null,
      };
      return { fileId, use };
    });
  },
};
