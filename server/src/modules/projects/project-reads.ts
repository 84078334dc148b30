import type { ContentLanguage, Project, ProjectList, ProjectListQuery } from '@blitz/contract';
import type { FastifyInstance } from 'fastify';
import type { Read } from '../content/content-reads';
import { getProject, getProjectPage, mediaAddress } from './projects.service';

/** The public reads of projects, kept per content version (content/content-reads.ts). */
export function readProjectPage(app: FastifyInstance, query: ProjectListQuery): Promise<Read<ProjectList>> {
  return app.contentReads.read(`projects ${JSON.stringify(query)}`, () =>
    getProjectPage(app.db, query, mediaAddress(app.config.mediaPublicUrl)),
  );
}

export function readProject(app: FastifyInstance, id: number, language?: ContentLanguage): Promise<Read<Project>> {
  return app.contentReads.read(`project ${id} ${language ?? ''}`, () =>
    getProject(app.db, id, language, mediaAddress(app.config.mediaPublicUrl)),
  );
}
