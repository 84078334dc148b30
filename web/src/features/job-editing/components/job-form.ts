import { z } from 'zod';
import {
  ContentLanguage,
  type EmploymentType,
  type Job,
  type JobCreate,
  type JobUpdate,
  type LocalizedText,
  employmentTypes,
  isoDateSchema,
  jobCreateSchema,
  jobLimits,
} from '@blitz/contract';
import { localizedTexts, textIn } from '../../../components/admin/localized-fields';
import { searchEntryFormShape, searchEntryFormValues, searchEntryPayload } from '../../../components/admin/search-entry-form';

// The limits come from the contract's own field schemas, so that form and server agree.
const titleText = jobCreateSchema.shape.title.element.shape.content;
const longText = z.string().trim().max(jobLimits.textMaxLength);
const line = z.string().trim().max(jobLimits.lineMaxLength);
/** A date field: '' is "none" (from now on / no end). */
const optionalDate = z.union([z.literal(''), isoDateSchema]);

/** The job modal: both titles, the location and the kind of employment are required. */
export const jobFormSchema = z
  .object({
    titleEn: titleText,
    titleDe: titleText,
    location: line.min(1),
    employmentType: z.enum(employmentTypes),
    startDate: optionalDate,
    validThrough: optionalDate,
    contact: line,
    published: z.boolean(),
    tasksEn: longText,
    tasksDe: longText,
    profileEn: longText,
    profileDe: longText,
    offerEn: longText,
    offerDe: longText,
    howToApplyEn: longText,
    howToApplyDe: longText,
    ...searchEntryFormShape,
  })
  // A job that ends before it starts would never be seen as meant.
  .refine((v) => !v.startDate || !v.validThrough || v.validThrough >= v.startDate, {
    path: ['validThrough'],
    message: 'jobEditing:validation.endBeforeStart',
  });
export type JobFormValues = z.input<typeof jobFormSchema>;
type JobFormOutput = z.output<typeof jobFormSchema>;

const pairs = ['tasks', 'profile', 'offer', 'howToApply'] as const;

/** Empty for Add (a draft, full-time, from now on), the job's values for Edit. */
export function jobFormValues(job?: Job): JobFormValues {
  const texts = Object.fromEntries(
    pairs.flatMap((field) => [
      [`${field}En`, textIn(job?.[field], ContentLanguage.English)],
      [`${field}De`, textIn(job?.[field], ContentLanguage.German)],
    ]),
  ) as Pick<JobFormValues, `${(typeof pairs)[number]}${'En' | 'De'}`>;
  return {
    titleEn: textIn(job?.title, ContentLanguage.English),
    titleDe: textIn(job?.title, ContentLanguage.German),
    location: job?.location ?? '',
    employmentType: job?.employmentType ?? ('FULL_TIME' satisfies EmploymentType),
    startDate: job?.startDate ?? '',
    validThrough: job?.validThrough ?? '',
    contact: job?.contact ?? '',
    published: job?.published ?? false,
    ...texts,
    ...searchEntryFormValues(job),
  };
}

function jobFields(values: JobFormOutput): JobCreate {
  return {
    title: localizedTexts(values.titleEn, values.titleDe),
    tasks: localizedTexts(values.tasksEn, values.tasksDe),
    profile: localizedTexts(values.profileEn, values.profileDe),
    offer: localizedTexts(values.offerEn, values.offerDe),
    howToApply: localizedTexts(values.howToApplyEn, values.howToApplyDe),
    location: values.location,
    employmentType: values.employmentType,
    startDate: values.startDate || null,
    validThrough: values.validThrough || null,
    contact: values.contact,
    published: values.published,
    ...searchEntryPayload(values),
  };
}

/**
 * What the form holds, as the page's head reads a job in a language: the search result's preview
 * is made from it. A job's page is given that language's texts alone (no other to fall back on).
 */
export function jobPreview(
  values: JobFormValues,
  language: ContentLanguage,
): Pick<Job, 'title' | 'location' | 'tasks' | 'searchTitle' | 'searchDescription'> {
  const own = (texts: LocalizedText[]) => texts.filter((t) => t.language === language);
  const entry = searchEntryPayload(values);
  return {
    title: own(localizedTexts(values.titleEn, values.titleDe)),
    location: values.location.trim(),
    tasks: own(localizedTexts(values.tasksEn, values.tasksDe)),
    searchTitle: own(entry.searchTitle),
    searchDescription: own(entry.searchDescription),
  };
}

/** A new job goes after the last one (the server places it). */
export const jobCreatePayload = (values: JobFormOutput): JobCreate => jobFields(values);

/** A change keeps the job's place in the list; it carries the version it started from (a stale save is refused, 409). */
export const jobUpdatePayload = (job: Job, values: JobFormOutput): JobUpdate => ({
  id: job.id,
  ...jobFields(values),
  updatedAt: job.updatedAt,
});

/** The whole job as it is, ready to send back with one thing changed (publish, move). */
export function jobAsUpdate(job: Job, change: Partial<JobUpdate> = {}): JobUpdate {
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...rest } = job;
  return { ...rest, ...change };
}

/**
 * The two changes that move a job one place up or down in the list: it and its neighbour swap
 * positions. Jobs with equal positions (never moved) get distinct ones from their list order.
 */
export function moveJobUpdates(jobs: readonly Job[], id: number, direction: -1 | 1): JobUpdate[] {
  const index = jobs.findIndex((j) => j.id === id);
  const other = index + direction;
  if (index < 0 || other < 0 || other >= jobs.length) return [];
  const [a, b] = [jobs[index]!, jobs[other]!];
  const [positionA, positionB] = a.position === b.position ? [other, index] : [b.position, a.position];
  return [jobAsUpdate(a, { position: positionA }), jobAsUpdate(b, { position: positionB })];
}

/** Whether visitors see the job today: published and not past its last day. */
export function isShownToVisitors(job: Pick<Job, 'published' | 'validThrough'>, today: string): boolean {
  return job.published && (job.validThrough === null || job.validThrough >= today);
}
