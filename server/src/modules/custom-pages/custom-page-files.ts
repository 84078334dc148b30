import { documentFileUsage } from '../section-documents/document-files';
import { sectionFileIds } from '../section-documents/section-values';
import { listCustomPages } from './custom-pages.repository';

/**
 * The library's files the pages use (decision 060): in their published values or in a draft of
 * changes, so that no file a page will show is deleted; a page in the trash too, which would come
 * back without them (named as in the trash: no address).
 */
export const customPageFiles = documentFileUsage({
  kind: 'page',
  list: (db) => listCustomPages(db, { withTrashed: true }),
  filesOf: (values) => sectionFileIds(values.sections),
  addressOf: (values) => values.address,
});
