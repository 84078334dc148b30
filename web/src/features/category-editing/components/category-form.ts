import { z } from 'zod';
import { type Category, type CategoryInput, ContentLanguage, categoryLimits } from '@blitz/contract';
import { localizedTexts, textIn } from '../../../components/admin/localized-fields';

const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** The category modal: Name, English Title and German Title, all required (DESIGN.md §5). */
export const categoryFormSchema = z.object({
  name: requiredText(categoryLimits.nameMaxLength),
  titleEn: requiredText(categoryLimits.translationMaxLength),
  titleDe: requiredText(categoryLimits.translationMaxLength),
});
export type CategoryFormValues = z.input<typeof categoryFormSchema>;

/** Empty for Add, the category's values for Edit. */
export function categoryFormValues(category?: Category): CategoryFormValues {
  return {
    name: category?.name ?? '',
    titleEn: textIn(category?.translation, ContentLanguage.English),
    titleDe: textIn(category?.translation, ContentLanguage.German),
  };
}

export function categoryInput(values: z.output<typeof categoryFormSchema>): CategoryInput {
  return { name: values.name, translation: localizedTexts(values.titleEn, values.titleDe) };
}
