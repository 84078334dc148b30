import type { CategoryList, ContentLanguage, Project, ProjectList, ProjectListQuery } from '@blitz/contract';
import type { Db } from '../../db/database';
import { VersionedCache } from '../../lib/versioned-cache';
import { getCategories } from '../categories/categories.service';
import { readContentVersion } from './content-version.repository';
import { getProject, getProjectPage } from './projects.service';

/** An answer, and its JSON as sent. */
export type Read<T> = { value: T; json: string };

export type ContentReads = {
  /** The current content version: what is made from these reads is valid for it only. */
  version(): Promise<string>;
  projectPage(query: ProjectListQuery): Promise<Read<ProjectList>>;
  project(id: number, language?: ContentLanguage): Promise<Read<Project>>;
  categories(language?: ContentLanguage): Promise<Read<CategoryList>>;
};

/**
 * The public reads of projects and categories. An answer is kept, serialised, with the content
 * version it was read under; each request first reads the current version (one indexed row) and
 * uses the kept answer only if it still matches. Every write changes the version in its own
 * transaction, so no answer from before an edit is served after it — by this instance or by any
 * other sharing the database — and a list page costs one small query instead of four and the
 * serialisation. A failed read (an unknown id) is not kept.
 */
export function createContentReads(db: Db, size = 500): ContentReads {
  const cache = new VersionedCache<Read<unknown>>(size);
  async function read<T>(key: string, load: () => Promise<T>): Promise<Read<T>> {
    // The version is read first: what follows is at least as new as it, never older.
    const version = await readContentVersion(db);
    const kept = cache.get(key, version);
    if (kept) return kept as Read<T>;
    const value = await load();
    const fresh = { value, json: JSON.stringify(value) };
    cache.set(key, version, fresh);
    return fresh;
  }
  return {
    version: () => readContentVersion(db),
    projectPage: (query) => read(`page ${JSON.stringify(query)}`, () => getProjectPage(db, query)),
    project: (id, language) => read(`project ${id} ${language ?? ''}`, () => getProject(db, id, language)),
    categories: (language) => read(`categories ${language ?? ''}`, () => getCategories(db, language)),
  };
}
