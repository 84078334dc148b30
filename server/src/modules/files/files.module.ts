import type { SiteModule } from '../registry/site-module';
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
};
