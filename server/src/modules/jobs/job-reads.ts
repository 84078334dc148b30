import { type ContentLanguage, type Job, type JobList, type JobListQuery, berlinDate } from '@blitz/contract';
import type { Read, ReadDeps } from '../content/content-reads';
import { getJob, getJobPage } from './jobs.service';

/**
 * The visitors' reads of the jobs, kept per content version (content/content-reads.ts) and per
 * Berlin day: a job past its valid-through date disappears at midnight without an edit that
 * would change the version. Staff read past this cache (they see drafts).
 */
export function readJobPage(reads: ReadDeps, query: JobListQuery): Promise<Read<JobList>> {
  const today = berlinDate();
  return reads.contentReads.read(`jobs ${today} ${JSON.stringify(query)}`, () =>
    getJobPage(reads.db, query, { kind: 'visitor', today }),
  );
}

export function readJob(reads: ReadDeps, id: number, language?: ContentLanguage): Promise<Read<Job>> {
  const today = berlinDate();
  return reads.contentReads.read(`job ${today} ${id} ${language ?? ''}`, () =>
    getJob(reads.db, id, { kind: 'visitor', today }, language),
  );
}
