/** Site languages; German is the default (SPEC.md §4). */
export const siteLanguages = ['de', 'en'] as const;
export type SiteLanguage = (typeof siteLanguages)[number];
export const defaultLanguage: SiteLanguage = 'de';

/** Content language enumeration of localised texts: English = 1, German = 2 (SPEC.md §3). */
export const ContentLanguage = { English: 1, German: 2 } as const;
export type ContentLanguage = (typeof ContentLanguage)[keyof typeof ContentLanguage];

export function contentLanguageOf(lang: SiteLanguage): ContentLanguage {
  return lang === 'de' ? ContentLanguage.German : ContentLanguage.English;
}

// The zod schemas live in their own module, so that code that needs only the language rules
// (the public pages' entry) does not pull zod into its bundle.
export { contentLanguageSchema, localizedTextSchema, type LocalizedText } from './localized-text';
import type { LocalizedText } from './localized-text';

/** Picks the text of a language, falling back to the other one. */
export function pickText(texts: readonly LocalizedText[], language: ContentLanguage): string {
  const exact = texts.find((t) => t.language === language && t.content !== '');
  return (exact ?? texts.find((t) => t.content !== ''))?.content ?? '';
}

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return value === 'de' || value === 'en';
}

/**
 * The language of a stored preference (SPEC.md §4): none stored → German; a stored value
 * that is neither 'de' nor 'en' → English, the first option of the dropdown.
 */
export function languageFromPreference(stored: string | null | undefined): SiteLanguage {
  if (stored === null || stored === undefined || stored === '') return defaultLanguage;
  return isSiteLanguage(stored) ? stored : 'en';
}

/** Storage keys of SPEC.md §9 (localStorage; the language is mirrored in a cookie for the server). */
export const storageKeys = { language: 'Language', token: 'JWT' } as const;

/**
 * The cookie that mirrors the language for the server. Over HTTPS it is `__Host-Language`: only
 * this host, over HTTPS, can set it (ASVS 3.3.1, 3.3.3), so a sibling subdomain or a plain-HTTP
 * answer cannot plant a language; the server then reads that one only. Over plain HTTP (local
 * development) browsers refuse the prefix, so it is `Language`.
 */
export function languageCookieName(https: boolean): string {
  return https ? `__Host-${storageKeys.language}` : storageKeys.language;
}

/** At most one text per language: a second English title would make "the" title ambiguous. */
export function hasUniqueLanguages(texts: readonly { language: number }[]): boolean {
  return new Set(texts.map((t) => t.language)).size === texts.length;
}
