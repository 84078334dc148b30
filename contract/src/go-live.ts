// The go-live checklist on the dashboard's start (issue 29): what a new site still lacks before
// it is the company's, each item's state computed on the server.

import { z } from 'zod';
import { checklistKeys } from './go-live-keys';

export * from './go-live-keys';

export const checklistKeySchema = z.enum(checklistKeys);

/**
 * What an item has to say beyond done/not done, for the dashboard to word (never a sentence:
 * the client translates). Every field optional; each item fills the ones it knows.
 */
export const checklistDetailSchema = z.object({
  /** publicAddress: the origin in effect, and the one this request came by. */
  publicOrigin: z.string().optional(),
  requestOrigin: z.string().optional(),
  /** mailRecipients: when the test mail that confirmed the current recipients was sent. */
  confirmedAt: z.string().nullable().optional(),
  /** sampleContent: how many sample rows are left. */
  remaining: z.object({ projects: z.number(), categories: z.number(), jobs: z.number() }).optional(),
  /** legalTexts: who marked the imprint and privacy texts reviewed, and when. */
  reviewedBy: z.string().optional(),
  reviewedAt: z.string().optional(),
  /** secondFactor: the admins (enabled accounts) without two-step sign-in. */
  without: z.array(z.string()).optional(),
  /** backup: the last backup, nightly, from the dashboard or `npm run admin -- backup` (null: never). */
  lastBackup: z.object({ at: z.string(), bytes: z.number() }).nullable().optional(),
  /**
   * oldAddresses (issue 43), for a site that replaces another (an import ran, or redirects exist):
   * how many redirects there are, the old pages an import listed that no redirect answers yet, and
   * the old addresses whose redirect leads to a project visitors cannot see (a draft, or gone).
   * Each list at most 20 long.
   */
  redirects: z.number().optional(),
  unredirected: z.array(z.string()).optional(),
  toHidden: z.array(z.string()).optional(),
  /** A dismissed item: who dismissed it, and when. */
  dismissedBy: z.string().optional(),
  dismissedAt: z.string().optional(),
});
export type ChecklistDetail = z.infer<typeof checklistDetailSchema>;

export const checklistItemSchema = z.object({
  key: checklistKeySchema,
  done: z.boolean(),
  dismissed: z.boolean(),
  detail: checklistDetailSchema.optional(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** `GET /api/v1/Settings/Checklist`: every item; `complete` once each is done or dismissed. */
export const checklistSchema = z.object({ items: z.array(checklistItemSchema), complete: z.boolean() });
export type Checklist = z.infer<typeof checklistSchema>;

/**
 * `PUT /api/v1/Settings/Checklist/{key}`: dismiss an item or take the dismissal back; for the
 * imprint and privacy texts (`legalTexts`) also `{reviewed: true}`, recorded with who and when.
 * Answers the whole checklist as it is after the change.
 */
export const checklistUpdateSchema = z.union([
  z.strictObject({ dismissed: z.boolean() }),
  z.strictObject({ reviewed: z.literal(true) }),
]);
export type ChecklistUpdate = z.infer<typeof checklistUpdateSchema>;

/** `POST /api/v1/Settings/SampleContent/Remove`: how many sample rows were removed. */
export const sampleContentRemovalSchema = z.object({ projects: z.number(), categories: z.number(), jobs: z.number() });
export type SampleContentRemoval = z.infer<typeof sampleContentRemovalSchema>;
