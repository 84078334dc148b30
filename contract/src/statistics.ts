import { z } from 'zod';
import { isoDateSchema } from './iso-date';
import { siteLanguages } from './languages';
import { ignoredReadFields } from './read-only-fields';
import { localizedTextSchema } from './localized-text';

/** The longest period one statistics answer covers (a bit more than two years, for "12 months against the one before"). */
export const statisticsMaxDays = 800;

/** The first day a period may start (nothing was counted before; earlier years break the comparison period). */
export const statisticsFirstDay = '2000-01-01';

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** `GET /api/v1/Statistics` and its CSV export: the first and last day (inclusive, Europe/Berlin). */
export const statisticsQuerySchema = z
  .object({
    From: isoDateSchema.refine((day) => day >= statisticsFirstDay, { message: `must not be before ${statisticsFirstDay}` }),
    To: isoDateSchema,
  })
  .refine((q) => q.From <= q.To, { message: 'must not be before From', path: ['To'] })
  .refine((q) => dayNumber(q.To) - dayNumber(q.From) < statisticsMaxDays, {
    message: `must be at most ${statisticsMaxDays} days after From`,
    path: ['To'],
  });
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

/** Device classes read from the user agent. */
export const deviceClasses = ['phone', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof deviceClasses)[number];

/** Where visitors came from when neither a campaign nor another site's referrer says. */
export const directSource = 'direct';

const count = z.number().int().min(0);

export const statisticsTotalsSchema = z.object({
  visitors: count,
  pageViews: count,
  /** Price inquiries and general messages (spam not counted). */
  inquiries: count,
  applications: count,
});
export type StatisticsTotals = z.infer<typeof statisticsTotalsSchema>;

/** The answer of `GET /api/v1/Statistics`: the period's counts, and the totals of the period of equal length before it. */
export const statisticsSchema = statisticsTotalsSchema.extend({
  from: isoDateSchema,
  to: isoDateSchema,
  previous: statisticsTotalsSchema.extend({ from: isoDateSchema, to: isoDateSchema }),
  /**
   * Page views of the period not counted above (issue 40): those of visitors beyond
   * `visitorsPerAddress` from one network address on a day (or beyond the day's bound).
   */
  leftOutViews: count.default(0),
  visitorsPerAddress: count.default(0),
  days: z.array(z.object({ date: isoDateSchema, visitors: count, pageViews: count, inquiries: count, applications: count })),
  /**
   * A page is its route with the id of a project or job (`/project/12`), never the query. `title`:
   * a project's or job's title as it is now (both languages); empty for another page (the
   * dashboard names those itself) and for a project or job that is gone.
   */
  pages: z.array(
    z.object({
      path: z.string(),
      language: z.enum(['de', 'en']),
      views: count,
      visitors: count,
      inquiries: count,
      title: z.array(localizedTextSchema),
    }),
  ),
  /** `source`: the `utm_source`, else the referring site's host, else `direct`; `campaign`: the `utm_campaign` or ''. */
  sources: z.array(
    z.object({ source: z.string(), campaign: z.string(), visitors: count, inquiries: count, applications: count }),
  ),
  devices: z.array(z.object({ device: z.enum(deviceClasses), visitors: count })),
  /** The period's inquiries per inquiry type's key (issue 44: those staff added too), applications included, spam not. */
  types: z.array(z.object({ type: z.string(), inquiries: count })).default([]),
  /**
   * The reference projects and job openings most viewed, both languages together, with their
   * titles as they are now; `title` is empty when the project or job is gone (then its path says which it was).
   */
  viewed: z.object({
    projects: z.array(z.object({ path: z.string(), views: count, title: z.array(localizedTextSchema) })),
    jobs: z.array(z.object({ path: z.string(), views: count, title: z.array(localizedTextSchema) })),
  }),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** `GET /api/v1/Statistics/Objection`: the imprint's opt-out link without JavaScript; `Withdraw=true` takes it back. */
export const statisticsObjectionQuerySchema = z.object({ Withdraw: z.enum(['true', 'false']).default('false') });

const summaryAddress = z.string().trim().max(254).pipe(z.email('must be an e-mail address'));

/** `GET /api/v1/Statistics/Summary`: the signed-in admin's weekly summary mail. */
export const statisticsSummarySchema = z.object({
  enabled: z.boolean(),
  /** Where it goes; kept when switched off, so that switching on again needs no retyping. */
  address: z.string().nullable(),
  language: z.enum(siteLanguages),
  /** When this admin's last summary left the server (ISO time), null if none yet. */
  lastSentAt: z.string().nullable(),
  /** Whether a mail server is set (SMTP_URL): without one nothing is sent. */
  mailServer: z.boolean(),
});
export type StatisticsSummary = z.infer<typeof statisticsSummarySchema>;

const summaryOn = { enabled: z.literal(true), address: summaryAddress, language: z.enum(siteLanguages) };
const summaryOff = { enabled: z.literal(false) };
/**
 * `PUT /api/v1/Statistics/Summary`: the signed-in admin asks for the weekly summary mail (to
 * `address`, in `language`) or stops it. Users have no e-mail address of their own, so the opt-in names it.
 * What the GET answers besides may be sent back: it is ignored (so are the address and language of a stop).
 */
export const statisticsSummaryInputSchema = z.discriminatedUnion('enabled', [
  z.strictObject({ ...ignoredReadFields(statisticsSummarySchema.shape, summaryOn), ...summaryOn }),
  z.strictObject({ ...ignoredReadFields(statisticsSummarySchema.shape, summaryOff), ...summaryOff }),
]);
export type StatisticsSummaryInput = z.infer<typeof statisticsSummaryInputSchema>;
