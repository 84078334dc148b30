import { ContentLanguage, type LocalizedText } from '@blitz/contract';

/** The text of exactly this language ('' if there is none): a form edits each language on its own. */
export function textIn(texts: readonly LocalizedText[] | undefined, language: ContentLanguage): string {
  return texts?.find((t) => t.language === language)?.content ?? '';
}

/** English and German texts as the API takes them; empty ones are left out. */
export function localizedTexts(english: string, german: string): LocalizedText[] {
  return [
    { content: english.trim(), language: ContentLanguage.English },
    { content: german.trim(), language: ContentLanguage.German },
  ].filter((t): t is LocalizedText => t.content !== '');
}
