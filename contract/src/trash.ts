import { z } from 'zod';
import { localizedTextSchema } from './languages';

/**
 * What the trash holds (issue 31, decision 037): deleted projects, categories, job openings and
 * pages and news posts staff added, for 30 days; and the file library's files (decision 060).
 */
export const trashKinds = ['project', 'category', 'job', 'page', 'news', 'file'] as const;
export const trashKindSchema = z.enum(trashKinds);
export type TrashKind = z.infer<typeof trashKindSchema>;

/** Days an item stays in the trash before the housekeeping deletes it for good. */
export const trashRetentionDays = 30;

export const trashItemSchema = z.object({
  kind: trashKindSchema,
  id: z.number().int(),
  /** The German title (a category's name), else the first there is. */
  title: z.string(),
  /**
   * A project's or job's title in each language it has, ordered by language, for a client that
   * shows the one of its language (`pickText`); a category: none (it has a single name, `title`).
   */
  titles: z.array(localizedTextSchema),
  deletedAt: z.string(),
  /** The name of who deleted it. */
  deletedBy: z.string(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

/** `GET /Trash`: newest deletion first. */
export const trashListSchema = z.object({ data: z.array(trashItemSchema), count: z.number().int() });
export type TrashList = z.infer<typeof trashListSchema>;

/** `POST /Trash/Restore`. */
export const trashRestoreSchema = z.strictObject({
  kind: trashKindSchema,
  id: z.coerce.number().int().positive().max(2_147_483_647),
});
export type TrashRestore = z.input<typeof trashRestoreSchema>;

export const trashRestoreResultSchema = z.object({
  /** What came back: the item, and a project's category when that was in the trash too. */
  restored: z.array(z.object({ kind: trashKindSchema, id: z.number().int() })),
  /** A project that was featured came back not featured: the home page's selection is full. */
  featuredDropped: z.boolean(),
});
export type TrashRestoreResult = z.infer<typeof trashRestoreResultSchema>;

/** `DELETE /Trash`: how many items were deleted for good. */
export const trashEmptyResultSchema = z.object({ removed: z.number().int() });
export type TrashEmptyResult = z.infer<typeof trashEmptyResultSchema>;
