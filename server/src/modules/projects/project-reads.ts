import type { ContentLanguage, Project, ProjectList, ProjectListQuery } from '@blitz/contract';
import type { Config } from '../../config';
import type { Read, ReadDeps } from '../content/content-reads';
import { getProject, getProjectPage } from './projects.service';
import { mediaAddress } from '../../media/media-address';

/** The project reads give the pictures' addresses on MEDIA_PUBLIC_URL. */
export type ProjectReadDeps = ReadDeps & { config: Pick<Config, 'mediaPublicUrl'> };

/** The public reads of projects, kept per content version (content/content-reads.ts). */
export function readProjectPage(reads: ProjectReadDeps, query: ProjectListQuery): Promise<Read<ProjectList>> {
  return reads.contentReads.read(`projects ${JSON.stringify(query)}`, () =>
    getProjectPage(reads.db, query, mediaAddress(reads.config.mediaPublicUrl)),
  );
}

export function readProject(reads: ProjectReadDeps, id: number, language?: ContentLanguage): Promise<Read<Project>> {
  return reads.contentReads.read(`project ${id} ${language ?? ''}`, () =>
    getProject(reads.db, id, language, mediaAddress(reads.config.mediaPublicUrl)),
  );
}
