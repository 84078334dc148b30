import { documentTrash } from '../section-documents/document-trash';
import { customPageKind } from './custom-pages.service';

/** Pages in the trash (decision 037): one comes back at its address, live again if it was. */
export const customPageTrash = documentTrash('page', customPageKind);
