import { z } from 'zod';
import { customPageSectionSchema, pictureFocusSchema } from './custom-page';
import { localizedTextSchema } from './localized-text';
import type { NewsPost, NewsPostList } from './news';

// A module of its own: the dashboard's news tab reads posts by it, and the first view, which
// carries news.ts for the public pages' paths, does not carry it.

/**
 * A post as staff read it (`GET /News`, `/News/{id}` and every write's answer), checked by the
 * dashboard, as a page is (`customPageSchema`): its address read as a string, so that a word a
 * later release reserves does not keep the editor from opening the post.
 */
const words = z.object({ de: z.string(), en: z.string() });
const newsPostReadValues = {
  address: z.string(),
  title: words,
  date: z.string().nullable(),
  teaser: words,
  cover: z.object({ fileId: z.number(), alt: words, focus: pictureFocusSchema.optional() }).nullable(),
  searchTitle: z.array(localizedTextSchema),
  searchDescription: z.array(localizedTextSchema),
  noindex: z.boolean(),
  publishAt: z.string().nullable(),
  sections: z.array(z.intersection(customPageSectionSchema, z.object({ id: z.string() }))),
};
export const newsPostSchema = z.object({
  ...newsPostReadValues,
  id: z.number(),
  published: z.boolean(),
  draft: z
    .object({ ...newsPostReadValues, updatedAt: z.string() })
    .nullable()
    .optional(),
  changedAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<NewsPost>;
export const newsPostListSchema = z.object({
  data: z.array(newsPostSchema),
  count: z.number(),
}) satisfies z.ZodType<NewsPostList>;
