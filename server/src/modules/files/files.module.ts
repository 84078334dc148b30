import type { SiteModule } from '../registry/site-module';
import { sweepLibraryFiles } from './file-sweep';
import { fileTrash } from './file-trash';
import { libraryStoredFiles } from './files.repository';
import { fileRoutes } from './files.routes';

// The file library (issue 45, decision 060). Its files' public addresses (/dateien/…) are not under
// /api/v1: app.ts registers them beside /media/ (file-address.routes.ts).
export const filesModule: SiteModule = {
  name: 'files',
  routes: fileRoutes,
  storedFiles: [libraryStoredFiles],
  trash: fileTrash,
  // What a crash between an upload's objects and its row left behind.
  housekeeping: ({ db, media, clock }) => [
    { name: 'library-files', run: async () => ({ removed: await sweepLibraryFiles({ db, media }, undefined, clock()) }) },
  ],
};
