// The contact island's texts without i18next (15 KB brotli, as much as the whole island may
// weigh): the island build (vite.config.ts) resolves 'react-i18next' to this module, so the
// form's components keep calling useTranslation('contact') as they do on the server, and get this
// lookup. It does what those components ask of i18next and nothing more: nested keys,
// {{name}} placeholders (not escaped, as configured in lib/i18n/i18n.ts), plurals by `count`
// (key_one, key_other… chosen with Intl.PluralRules, then the bare key), and the key itself for a
// text that is missing. A component that needs more (Trans, another namespace) fails the island
// build, since this module does not export it.
import type { SiteLanguage } from '@blitz/contract';

export type Texts = { [key: string]: string | Texts };
type Values = Record<string, unknown>;
export type TFunction = (key: string, values?: Values) => string;

/** The text at a dotted key, if it is a string. */
function find(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A lookup over one language's texts, with i18next's placeholders and plural keys. */
export function createT(lang: SiteLanguage, texts: Texts): TFunction {
  const plurals = new Intl.PluralRules(lang);
  return (key, values = {}) => {
    const count = values['count'];
    const text =
      (typeof count === 'number' ? find(texts, `${key}_${plurals.select(count)}`) : undefined) ?? find(texts, key) ?? key;
    // i18next puts an empty string where a value is missing.
    return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, name: string) => {
      const value = values[name];
      return value === undefined || value === null ? '' : String(value as string | number);
    });
  };
}

let current: { t: TFunction; i18n: { language: SiteLanguage } } = {
  t: (key) => key,
  i18n: { language: 'de' },
};

/** Sets the texts every useTranslation() of the island reads (before the island renders). */
export function setTexts(lang: SiteLanguage, texts: Texts): void {
  current = { t: createT(lang, texts), i18n: { language: lang } };
}

/** react-i18next's hook as the form uses it: one namespace, loaded before the island renders. */
export function useTranslation(_namespace?: string) {
  return current;
}

const otherLanguage = (lang: SiteLanguage): SiteLanguage => (lang === 'de' ? 'en' : 'de');

export type TextsOptions = {
  /** Where a language's texts are (the published ones, with the company's details filled in). */
  url: (lang: SiteLanguage) => string;
  /** A request for the page's language already under way (islands/main.ts starts it beside the island's code). */
  started?: Promise<Response> | undefined;
  /** Further attempts after a failed load (SPEC.md §8: two), waiting retryDelayMs, then twice that. */
  retries?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * The island's texts, as the rest of the site loads them (lib/i18n/translation-backend.ts): the
 * page's language, tried again twice after a failure, then the other language's, so that the
 * visitor reads words rather than keys (SPEC.md §8; the form stays in the page's language).
 */
export async function loadTexts(lang: SiteLanguage, options: TextsOptions): Promise<Texts> {
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const doFetch = options.fetch ?? ((url: string) => globalThis.fetch(url));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  async function attempt(language: SiteLanguage, started?: Promise<Response>): Promise<Texts> {
    let lastError: unknown;
    for (let i = 0; i <= retries; i++) {
      if (i > 0) await sleep(retryDelayMs * 2 ** (i - 1));
      try {
        const response = await (i === 0 && started ? started : doFetch(options.url(language)));
        if (!response.ok) throw new Error(`${response.status} ${response.url}`);
        return (await response.json()) as Texts;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }
  try {
    return await attempt(lang, options.started);
  } catch {
    return await attempt(otherLanguage(lang));
  }
}
