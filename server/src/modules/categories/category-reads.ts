import type { CategoryList, ContentLanguage } from '@blitz/contract';
import type { Read, ReadDeps } from '../content/content-reads';
import { getCategories } from './categories.service';

/** The public read of the categories, kept per content version (content/content-reads.ts). */
export function readCategories(reads: ReadDeps, language?: ContentLanguage): Promise<Read<CategoryList>> {
  return reads.contentReads.read(`categories ${language ?? ''}`, () => getCategories(reads.db, language));
}
