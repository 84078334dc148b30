import { z } from 'zod';
import { bilingualTitleSchema } from './bilingual-title';
import { emptyAsUndefined } from './query-values';
import { isoDateSchema } from './iso-date';
import { projectListLimits } from './gallery';
import { contentLanguageSchema, hasUniqueLanguages, localizedTextSchema } from './languages';
import { oneLine } from './one-line';
import { ignoredReadFields } from './read-only-fields';
import { searchEntryFieldsSchema } from './search-entry';

/** The jobs page's search in its address (`/jobs?q=…`): the search form's answer without JavaScript. */
export const jobSearchParam = 'q';

/**
 * Kinds of employment: schema.org's `employmentType` values (JobPosting), with APPRENTICESHIP
 * added for the German dual training (Ausbildung), which schema.org leaves to OTHER.
 */
export const employmentTypes = [
  'FULL_TIME',
  'PART_TIME',
  'APPRENTICESHIP',
  'INTERN',
  'TEMPORARY',
  'CONTRACTOR',
  'OTHER',
] as const;
export type EmploymentType = (typeof employmentTypes)[number];

/** Limits of a job's fields, shared by the server and the dashboard form. */
export const jobLimits = { titleMaxLength: 300, lineMaxLength: 200, textMaxLength: 20_000, maxPosition: 1_000_000 } as const;

export { isoDateSchema } from './iso-date';

export { berlinDate } from './berlin-time';

/**
 * The last second of a day in Berlin with Berlin's offset that day (`2099-12-31T23:59:59+01:00`,
 * `2099-07-31T23:59:59+02:00`): a job's valid-through as JobPosting wants it, a moment and not a
 * wall-clock time a search engine reads in its own zone. Summer time begins and ends at 01:00 UTC,
 * so the offset at 22:00 UTC is the offset at the day's last second.
 */
export function berlinEndOfDay(date: string): string {
  const zone = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T22:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${date}T23:59:59${/[+-]\d{2}:\d{2}$/.exec(zone ?? '')?.[0] ?? '+00:00'}`;
}

export const jobSchema = z.object({
  id: z.number().int(),
  title: z.array(localizedTextSchema),
  tasks: z.array(localizedTextSchema),
  profile: z.array(localizedTextSchema),
  offer: z.array(localizedTextSchema),
  howToApply: z.array(localizedTextSchema),
  location: z.string(),
  employmentType: z.enum(employmentTypes),
  /** null: from now on. */
  startDate: z.string().nullable(),
  /** null: until it is unpublished or deleted; otherwise visitors see it through this day (Berlin). */
  validThrough: z.string().nullable(),
  contact: z.string(),
  /** The search engines' title and description per language (decision 059); none: made from the texts. */
  searchTitle: z.array(localizedTextSchema),
  searchDescription: z.array(localizedTextSchema),
  published: z.boolean(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobListSchema = z.object({ data: z.array(jobSchema), count: z.number().int() });
export type JobList = z.infer<typeof jobListSchema>;

const jobTextsSchema = z
  .array(z.strictObject({ content: z.string().trim().max(jobLimits.textMaxLength), language: contentLanguageSchema }))
  .max(2)
  .refine(hasUniqueLanguages, 'each language may appear once');

const jobFieldsSchema = {
  /** A job is listed under its title, in both languages. */
  title: bilingualTitleSchema(oneLine(z.string().trim().min(1).max(jobLimits.titleMaxLength))),
  tasks: jobTextsSchema.default([]),
  profile: jobTextsSchema.default([]),
  offer: jobTextsSchema.default([]),
  howToApply: jobTextsSchema.default([]),
  location: oneLine(z.string().trim().min(1).max(jobLimits.lineMaxLength)),
  employmentType: z.enum(employmentTypes),
  startDate: isoDateSchema.nullable().default(null),
  validThrough: isoDateSchema.nullable().default(null),
  contact: oneLine(z.string().trim().max(jobLimits.lineMaxLength)).default(''),
  published: z.boolean().default(false),
  /** Where the job stands in the list (ascending); left out: after the last one. */
  position: z.number().int().min(0).max(jobLimits.maxPosition).optional(),
  /** The search engines' title and description (decision 059); left out on update: unchanged. */
  ...searchEntryFieldsSchema,
};

export const jobCreateSchema = z.strictObject(jobFieldsSchema);
export type JobCreate = z.input<typeof jobCreateSchema>;

/** `PUT /Job` carries the id in the body, as `PUT /Project` does; a left-out position keeps the job's place. */
const jobUpdateFields = {
  id: z.coerce.number().int().positive().max(2_147_483_647),
  ...jobFieldsSchema,
  /** The `updatedAt` the job had when read: a save of a changed one is refused with 409 (decision 036). */
  updatedAt: z.string().max(40).optional(),
};
/** What a read answers besides (`createdAt`) may be sent back: it is ignored. */
export const jobUpdateSchema = z.strictObject({ ...ignoredReadFields(jobSchema.shape, jobUpdateFields), ...jobUpdateFields });
export type JobUpdate = z.input<typeof jobUpdateSchema>;

export const jobListQuerySchema = z.object({
  /** Case-insensitive part of the title (in either language, or the one asked for) or of the location. */
  Title: z.preprocess(emptyAsUndefined, z.string().trim().max(200).optional()),
  PageLength: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1).max(projectListLimits.maxPageLength).default(projectListLimits.defaultPageLength),
  ),
  PageNumber: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(projectListLimits.maxPageNumber).default(1)),
  Language: z.preprocess(emptyAsUndefined, z.coerce.number().pipe(contentLanguageSchema).optional()),
});
export type JobListQuery = z.output<typeof jobListQuerySchema>;
export type JobListParams = z.input<typeof jobListQuerySchema>;

/**
 * The page data key of the address the jobs page asks applicants to write to: the first
 * recipient of applications in the mail settings (issue 40; it named the general address).
 */
export const applicationsAddressKey = 'applications-address';
