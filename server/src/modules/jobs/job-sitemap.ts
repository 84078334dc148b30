import { berlinDate, jobPath } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { SitemapSource } from '../pages/site-index';
import { listJobs } from './jobs.repository';

/** Every job's page a visitor may see today (never a draft or an expired job), dated by its last change. */
export function jobSitemapSource(db: Db): SitemapSource {
  return async () =>
    (await listJobs(db, { kind: 'visitor', today: berlinDate() })).map((job) => ({
      path: jobPath(job.id),
      lastmod: job.updatedAt,
    }));
}
