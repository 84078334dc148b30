import type { CategoryList, ContentLanguage } from '@blitz/contract';
import type { FastifyInstance } from 'fastify';
import type { Read } from '../content/content-reads';
import { getCategories } from './categories.service';

/** The public read of the categories, kept per content version (content/content-reads.ts). */
export function readCategories(app: FastifyInstance, language?: ContentLanguage): Promise<Read<CategoryList>> {
  return app.contentReads.read(`categories ${language ?? ''}`, () => getCategories(app.db, language));
}
