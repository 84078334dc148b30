import { type ContentLanguage, type Job, type JobList, type JobListQuery, berlinDate } from '@blitz/contract';
import type { FastifyInstance } from 'fastify';
import type { Read } from '../content/content-reads';
import { getJob, getJobPage } from './jobs.service';

/**
 * The visitors' reads of the jobs, kept per content version (content/content-reads.ts) and per
 * Berlin day: a job past its valid-through date disappears at midnight without an edit that
 * would change the version. Staff read past this cache (they see drafts).
 */
export function readJobPage(app: FastifyInstance, query: JobListQuery): Promise<Read<JobList>> {
  const today = berlinDate();
  return app.contentReads.read(`jobs ${today} ${JSON.stringify(query)}`, () =>
    getJobPage(app.db, query, { kind: 'visitor', today }),
  );
}

export function readJob(app: FastifyInstance, id: number, language?: ContentLanguage): Promise<Read<Job>> {
  const today = berlinDate();
  return app.contentReads.read(`job ${today} ${id} ${language ?? ''}`, () =>
    getJob(app.db, id, { kind: 'visitor', today }, language),
  );
}
