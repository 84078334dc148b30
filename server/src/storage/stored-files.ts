/**
 * Where rows of the database name objects of the site's storage. Each module that stores files
 * declares this next to its repository (it alone knows its row format) and names it in its module
 * record; `server/src/site-modules.ts` collects the declarations, and backup and restore read them
 * from there: a backup holds exactly the files that rows of its snapshot name.
 */

/** The two stores of a site (storage/site-storage.ts): public pictures and private attachments. */
export type StoreName = 'media' | 'attachments';

/** One object of one store. */
export type StoredFileRef = { store: StoreName; key: string };

export type StoredFiles = {
  /** The table whose rows name files. */
  table: string;
  /** The columns `filesOf` reads (tests leave them alone when they fill every other column with any text). */
  columns: readonly string[];
  /**
   * The objects a row names, from the row as the database or an archive hands it out (every
   * column, values as stored). Throws on a value it cannot read: a row that names files in an
   * unknown form must stop a backup, not leave its files out.
   */
  filesOf(row: Record<string, unknown>): StoredFileRef[];
};
