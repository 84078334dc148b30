import { documentFileUsage } from '../section-documents/document-files';
import { listNewsPosts } from './news.repository';
import { postAddress, postFiles } from './news.service';

/** The library's files the posts use (decision 060), as pages': the cover too. */
export const newsFiles = documentFileUsage({
  kind: 'news',
  list: (db) => listNewsPosts(db, { withTrashed: true }),
  filesOf: postFiles,
  addressOf: postAddress,
});
