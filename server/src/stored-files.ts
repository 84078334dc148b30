import { companyStoredFiles } from './modules/company/company-details.repository';
import { attachmentStoredFiles } from './modules/contact/inquiries.repository';
import { projectStoredFiles } from './modules/projects/projects.repository';
import type { StoredFiles } from './storage/stored-files';

/**
 * Every table whose rows name stored files, each declared by its own module next to its
 * repository. Backup and restore take exactly the files these name; a module that stores files
 * adds its declaration here (backup's tests fail on any stored object no declaration claims).
 */
export const storedFiles: readonly StoredFiles[] = [projectStoredFiles, attachmentStoredFiles, companyStoredFiles];
