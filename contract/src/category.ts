import { z } from 'zod';
import { contentLanguageSchema, hasUniqueLanguages, localizedTextSchema } from './languages';
import { emptyAsUndefined } from './query-values';

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  translation: z.array(localizedTextSchema),
  /** The version a save sends back (decision 036); absent in a project's `category`. */
  updatedAt: z.string().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({ data: z.array(categorySchema), count: z.number().int() });
export type CategoryList = z.infer<typeof categoryListSchema>;

/** Limits of a category's texts, shared by the server and the admin form. */
export const categoryLimits = { nameMaxLength: 100, translationMaxLength: 200 } as const;

const categoryTranslationSchema = z.strictObject({
  content: z.string().trim().min(1).max(categoryLimits.translationMaxLength),
  language: contentLanguageSchema,
});

export const categoryInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(categoryLimits.nameMaxLength),
  translation: z.array(categoryTranslationSchema).max(2).refine(hasUniqueLanguages, 'each language may appear once').default([]),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** `PUT /Category` carries the id in the body; `PUT /Category/{id}` may repeat it there. */
export const categoryUpdateSchema = categoryInputSchema.extend({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  /** The `updatedAt` the category had when read: a save of a changed one is refused with 409 (decision 036). */
  updatedAt: z.string().max(40).optional(),
});
export type CategoryUpdate = z.input<typeof categoryUpdateSchema>;
export const categoryUpdateByPathSchema = categoryUpdateSchema.partial({ id: true });

export const languageQuerySchema = z.object({
  Language: z.preprocess(emptyAsUndefined, z.coerce.number().pipe(contentLanguageSchema).optional()),
});
export const categoryListQuerySchema = languageQuerySchema;
