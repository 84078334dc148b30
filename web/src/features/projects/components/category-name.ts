import { type Category, type ContentLanguage, pickText } from '@blitz/contract';

/** A category's name in a language: its translation, else the other one, else its plain name. */
export function categoryName(category: Pick<Category, 'name' | 'translation'>, language: ContentLanguage): string {
  return pickText(category.translation, language) || category.name;
}
