import { describe, expect, it } from 'vitest';
import {
  ContentLanguage,
  contentLanguageOf,
  isSiteLanguage,
  languageCookieName,
  languageFromPreference,
  pickText,
} from './languages';

describe('languageFromPreference (SPEC.md §4)', () => {
  it('uses German when nothing is stored', () => {
    expect(languageFromPreference(null)).toBe('de');
    expect(languageFromPreference(undefined)).toBe('de');
    expect(languageFromPreference('')).toBe('de');
  });

  it('uses the stored language when it is de or en', () => {
    expect(languageFromPreference('de')).toBe('de');
    expect(languageFromPreference('en')).toBe('en');
  });

  it('uses English, the first option of the dropdown, for any other stored value', () => {
    for (const stored of ['fr', 'DE', 'En', 'de-DE', 'english', ' de', 'null', 'undefined', '2']) {
      expect(languageFromPreference(stored), stored).toBe('en');
    }
  });
});

describe('content language of a site language', () => {
  it("maps 'de' to German (2) and every other language to English (1)", () => {
    expect(contentLanguageOf('de')).toBe(ContentLanguage.German);
    expect(contentLanguageOf('en')).toBe(ContentLanguage.English);
    expect(ContentLanguage).toEqual({ English: 1, German: 2 });
  });
});

describe('isSiteLanguage', () => {
  it('accepts exactly de and en', () => {
    expect(isSiteLanguage('de')).toBe(true);
    expect(isSiteLanguage('en')).toBe(true);
    expect(isSiteLanguage('fr')).toBe(false);
    expect(isSiteLanguage(undefined)).toBe(false);
    expect(isSiteLanguage(2)).toBe(false);
  });
});

describe('pickText', () => {
  const texts = [
    { content: 'Umspannwerk', language: ContentLanguage.German },
    { content: 'Substation', language: ContentLanguage.English },
  ] as const;

  it('picks the text of the asked language', () => {
    expect(pickText(texts, ContentLanguage.German)).toBe('Umspannwerk');
    expect(pickText(texts, ContentLanguage.English)).toBe('Substation');
  });

  it('falls back to the other language, then to an empty text', () => {
    expect(pickText([texts[0]], ContentLanguage.English)).toBe('Umspannwerk');
    expect(pickText([{ content: '', language: ContentLanguage.English }, texts[0]], ContentLanguage.English)).toBe('Umspannwerk');
    expect(pickText([], ContentLanguage.German)).toBe('');
  });
});

describe('languageCookieName', () => {
  it('is __Host-Language over HTTPS (only this host, over HTTPS, can set it) and Language over plain HTTP', () => {
    expect(languageCookieName(true)).toBe('__Host-Language');
    expect(languageCookieName(false)).toBe('Language');
  });
});
