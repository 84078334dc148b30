import { documentTrash } from '../section-documents/document-trash';
import { newsKind } from './news.service';

/** Posts in the trash (decision 037): one comes back at its address, live again (or scheduled) if it was. */
export const newsTrash = documentTrash('news', newsKind);
