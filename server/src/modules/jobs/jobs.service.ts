import type { z } from 'zod';
import {
  type CompanyDetails,
  type ContentLanguage,
  type Job,
  type JobList,
  type JobListQuery,
  type jobCreateSchema,
  company as placeholder,
} from '@blitz/contract';
import { getCompanyDetails } from '../company/company-details.service';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import { claimVersion } from '../audit/edit-version';
import { jobEntry } from './job-audit';
import { notFound } from '../../lib/http-error';
import { foldText } from '../../db/text-search';
import { type SearchEntry, noSearchEntry, searchEntryFrom } from '../content/search-entry';
import {
  type JobRecord,
  type JobValues,
  type JobVisibility,
  trashJob,
  findJob,
  insertJob,
  listJobs,
  lockJobVersion,
  updateJob,
} from './jobs.repository';

/** The fields of a create or update payload, as the contract's schema gives them. */
export type JobFields = z.output<typeof jobCreateSchema>;

export function toJob(record: JobRecord, saved: CompanyDetails): Job {
  const { id, texts, search, ...rest } = record;
  // The id and the title first: the order a reader of the JSON looks for them.
  return followingCompany({ id, ...texts, ...rest, searchTitle: search.title, searchDescription: search.description }, saved);
}

/**
 * A job as staff left it, except what it took from the placeholder company (the sample jobs are
 * written so on a new site, before the company is saved): the placeholder's contact for
 * applications is the saved one, and its e-mail address in a text is the saved address. What
 * staff wrote themselves is never changed; once they save the job, what they saw is its own.
 */
export function followingCompany(job: Job, saved: CompanyDetails): Job {
  if (saved.email === placeholder.email && saved.jobsContact === placeholder.jobsContact) return job;
  const texts = (list: Job['tasks']) =>
    list.map((t) => ({ ...t, content: t.content.replaceAll(placeholder.email, saved.email) }));
  return {
    ...job,
    title: texts(job.title),
    tasks: texts(job.tasks),
    profile: texts(job.profile),
    offer: texts(job.offer),
    howToApply: texts(job.howToApply),
    contact: job.contact === placeholder.jobsContact ? saved.jobsContact : job.contact,
  };
}

/** `kept`: the search entry's fields a save leaves out keep this (the job's entry). */
function valuesOf(fields: JobFields, kept: SearchEntry = noSearchEntry): JobValues {
  const { title, tasks, profile, offer, howToApply, searchTitle, searchDescription, ...rest } = fields;
  return {
    ...rest,
    texts: { title, tasks, profile, offer, howToApply },
    search: searchEntryFrom({ searchTitle, searchDescription }, kept),
  };
}

/** Whether a job's title (in the language asked for, or either) or its location contains `search`. */
function matches(record: JobRecord, search: string): boolean {
  const needle = foldText(search);
  return [record.location, ...record.texts.title.map((t) => t.content)].some((text) => foldText(text).includes(needle));
}

/** One page of the jobs a reader may see, in list order, and the number of all matches. */
export async function getJobPage(db: Db, query: JobListQuery, visibility: JobVisibility): Promise<JobList> {
  let records = await listJobs(db, visibility, query.Language);
  if (query.Title) records = records.filter((r) => matches(r, query.Title!));
  const start = (query.PageNumber - 1) * query.PageLength;
  const { settings } = await getCompanyDetails(db);
  return { data: records.slice(start, start + query.PageLength).map((r) => toJob(r, settings)), count: records.length };
}

/** A job as the reader may see it; a draft or an expired job is unknown to a visitor. */
export async function getJob(db: Db, id: number, visibility: JobVisibility, language?: ContentLanguage): Promise<Job> {
  const record = await findJob(db, id, visibility, language);
  if (!record) throw notFound('Job');
  return toJob(record, (await getCompanyDetails(db)).settings);
}

export async function createJob(db: Db, fields: JobFields): Promise<Job> {
  const values = valuesOf(fields);
  const id = await inTransaction(db, async (trx) => {
    const newId = await insertJob(trx, values);
    await recordChange(trx, jobEntry('create', newId, undefined, values));
    return newId;
  });
  return getJob(db, id, { kind: 'staff' });
}

export async function changeJob(
  db: Db,
  id: number,
  { updatedAt, ...fields }: JobFields & { updatedAt?: string | undefined },
): Promise<Job> {
  const updated = await inTransaction(db, async (trx) => {
    const before = await findJob(trx, id, { kind: 'staff' });
    await claimVersion(trx, lockJobVersion, 'job', id, updatedAt);
    const values = valuesOf(fields, before?.search);
    const done = await updateJob(trx, id, values);
    if (done) await recordChange(trx, jobEntry('update', id, before, values));
    return done;
  });
  if (!updated) throw notFound('Job');
  return getJob(db, id, { kind: 'staff' });
}

/** The dashboard's delete: to the trash (decision 037), `by` the signed-in user's name; recorded in the audit trail. */
export async function removeJob(db: Db, id: number, by: string): Promise<void> {
  const deleted = await inTransaction(db, async (trx) => {
    const before = await findJob(trx, id, { kind: 'staff' });
    const done = await trashJob(trx, id, by);
    if (done) await recordChange(trx, jobEntry('delete', id, before));
    return done;
  });
  if (!deleted) throw notFound('Job');
}
