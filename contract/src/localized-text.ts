import { z } from 'zod';

export const contentLanguageSchema = z.union([z.literal(1), z.literal(2)]);

/** One localised text: `{content, language}`. */
export const localizedTextSchema = z.strictObject({
  content: z.string().trim().max(20_000),
  language: contentLanguageSchema,
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;
