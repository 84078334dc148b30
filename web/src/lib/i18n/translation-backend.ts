import type { BackendModule, ResourceKey } from 'i18next';
import type { SiteLanguage } from '@blitz/contract';

export type TranslationBackendOptions = {
  /** Where the texts of a language and namespace are fetched from. */
  url: (lang: string, namespace: string) => string;
  /** Further attempts after a failed load (SPEC.md §8: two). */
  retries?: number;
  /** Wait before the first retry; doubled for each further one. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

const otherLanguage = (lang: string): SiteLanguage => (lang === 'de' ? 'en' : 'de');

/**
 * A small fetch-based i18next backend, in place of i18next-http-backend (which costs the home
 * page about 3 KB of JavaScript for features the site does not use). A failed load is tried
 * again `retries` times; if it still fails, the same namespace of the other language is used,
 * so the visitor reads English rather than bare keys (SPEC.md §8).
 */
export function translationBackend(options: TranslationBackendOptions): BackendModule {
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  async function fetchWithRetries(lang: string, namespace: string): Promise<ResourceKey> {
    const doFetch = options.fetch ?? globalThis.fetch;
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await sleep(retryDelayMs * 2 ** (attempt - 1));
      try {
        const response = await doFetch(options.url(lang, namespace));
        if (!response.ok) throw new Error(`${response.status} ${response.url}`);
        return (await response.json()) as ResourceKey;
      } catch (error) {
        lastError = error;
      }
    }
    throw lastError instanceof Error ? lastError : new Error(String(lastError));
  }

  return {
    type: 'backend',
    callbackApi: false,
    init() {},
    // i18next calls read(language, namespace) and awaits the promise (callbackApi: false).
    read: (async (lang: string, namespace: string) => {
      try {
        return await fetchWithRetries(lang, namespace);
      } catch {
        return await fetchWithRetries(otherLanguage(lang), namespace);
      }
    }) as unknown as BackendModule['read'],
  };
}
