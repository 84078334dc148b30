import { z } from 'zod';
import { hasUniqueLanguages } from './languages';
import { contentLanguageSchema } from './localized-text';

/**
 * A title in both languages, each once: what a project or a job opening is listed under (SPEC.md
 * §5: a project is not saved with a title missing, so both languages are required; a job alike).
 * `content`: the schema of one language's title.
 */
export const bilingualTitleSchema = <C extends z.ZodType<string>>(content: C) =>
  z
    .array(z.strictObject({ content, language: contentLanguageSchema }))
    .max(2)
    .refine(hasUniqueLanguages, 'each language may appear once')
    .superRefine((titles, context) => {
      for (const [language, name] of [
        [2, 'German'],
        [1, 'English'],
      ] as const) {
        if (!titles.some((t) => t.language === language))
          context.addIssue({ code: 'custom', message: `the ${name} title is missing` });
      }
    });
