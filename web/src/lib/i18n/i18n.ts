import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  type PageKey,
  type SiteLanguage,
  type TranslationNamespace,
  berlinYear,
  companyInterpolation,
  pages,
  siteLanguages,
  translationNamespaces,
  translationPath,
} from '@blitz/contract';
import { translationBackend } from './translation-backend';

type Namespace = TranslationNamespace;

/** The scopes each page loads with its route (besides 'common'). */
export const pageNamespace: Partial<Record<PageKey, Namespace | Namespace[]>> = {
  home: 'homepage',
  services: 'servicespage',
  blitzschutz: 'BlitzSchutz',
  impressum: 'ImprintPage',
  aboutus: 'aboutus',
  contactus: 'kontactus',
  jobs: 'JobsPage',
  job: 'JobsPage',
  projects: 'projects',
  project: 'projects',
  // The invitation form on the sign-in page speaks with the accounts' texts.
  login: ['admin', 'accounts'],
  // The frame's texts, the go-live checklist above the tabs, and the inbox the dashboard opens on;
  // every other tab loads its namespace with its code (components/admin/lazy-panel.tsx).
  dashboard: ['admin', 'goLive', 'inbox'],
};

export function namespacesFor(page: PageKey | undefined): Namespace[] {
  const own = page ? pageNamespace[page] : undefined;
  // 'contact': the footer's contact form is on every public page, not on the staff's (app/staff-layout.tsx).
  const frame: Namespace[] = page && pages[page].staff ? ['common'] : ['common', 'contact'];
  return own ? [...frame, ...[own].flat()] : frame;
}

const baseOptions = {
  supportedLngs: [...siteLanguages],
  defaultNS: 'common',
  fallbackNS: 'common',
  ns: ['common'],
  returnNull: false,
  // Only the page's language is loaded (the other language is fetched only when a load fails,
  // see translation-backend.ts); a key missing from it shows the key's text, on server and client alike.
  fallbackLng: false,
  interpolation: { escapeValue: false, defaultVariables: { ...companyInterpolation, year: berlinYear() } },
  react: { useSuspense: true },
} as const;

/** Server side: every text given up front, so that rendering never waits. */
export async function createServerI18n(
  lang: SiteLanguage,
  resources: Resource,
  company: Record<string, string> = companyInterpolation,
): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    ...baseOptions,
    interpolation: { ...baseOptions.interpolation, defaultVariables: { ...company, year: berlinYear() } },
    lng: lang,
    resources,
    ns: [...translationNamespaces],
    initAsync: false,
  });
  return instance;
}

/**
 * Browser side: texts fetched per scope from /assets/i18n; a failed load is retried twice,
 * then the other language is used (SPEC.md §8); a missing key shows its fallback text.
 */
export async function createBrowserI18n(lang: SiteLanguage, initialNamespaces: Namespace[]): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(translationBackend({ url: translationPath, retries: 2, retryDelayMs: 300 }))
    .use(initReactI18next)
    .init({
      ...baseOptions,
      lng: lang,
      ns: initialNamespaces,
      load: 'currentOnly',
    });
  rememberTexts(instance);
  return instance;
}

const isText = (value: unknown) => typeof value === 'string';
/** An option JSON tells apart: a text, number, yes or no, nothing, or a list of texts (the namespaces, languages). */
const isPlainOption = (value: unknown) =>
  value === undefined ||
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every(isText));

/**
 * A text asked with nothing but its language and namespaces (what `useTranslation`'s `t` adds to a
 * key) that needs none of i18next's work: found in the first of those namespaces that holds the
 * key, as a text without placeholders or nested texts. Undefined for anything else (a
 * namespace in the key, a missing key, a list or object, an empty text), which i18next answers.
 */
function plainText(instance: I18n, key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string' || key.includes(':') || typeof options !== 'object' || options === null) return undefined;
  const { lng, ns, ...rest } = options as { lng?: unknown; ns?: unknown };
  // `getFixedT` sets `lngs` and `keyPrefix` on every call: undefined where it was given a language
  // and no prefix, as `useTranslation`'s is.
  if (Object.values(rest).some((value) => value !== undefined) || typeof lng !== 'string') return undefined;
  for (const namespace of Array.isArray(ns) ? ns : [ns]) {
    if (typeof namespace !== 'string') return undefined;
    const value: unknown = instance.getResource(lng, namespace, key);
    if (value === undefined || value === null) continue;
    return typeof value === 'string' && value !== '' && !value.includes('{{') && !value.includes('$t(') ? value : undefined;
  }
  return undefined;
}

/**
 * Makes the instance's `t` answer a text it was asked before from memory, until texts are added or
 * removed or the language changes. Looking a text up (namespaces, plurals, nesting, interpolation)
 * was about a sixth of the dashboard's first render on a phone (issue 46): its twenty rows ask for
 * the same few texts again and again. A plain text (plainText) is read from the store the first
 * time too: the tabs, the menu and the headings ask for about a hundred, each once, which took
 * i18next 40 ms at 4× in the application's first render. Calls with anything but a key and plain
 * options go to i18next as they are.
 */
export function rememberTexts(instance: I18n, rememberedTextsAtMost = 5000): void {
  const lookUp = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  let known = new Map<string, unknown>();
  const forget = () => {
    known = new Map();
  };
  instance.on('languageChanged', forget);
  instance.store.on('added', forget);
  instance.store.on('removed', forget);
  const remembering = (...args: unknown[]) => {
    const [key, options] = args;
    const plain =
      args.length <= 2 &&
      (typeof key === 'string' || (Array.isArray(key) && key.every(isText))) &&
      (options === undefined || (typeof options === 'object' && options !== null && Object.values(options).every(isPlainOption)));
    if (!plain) return lookUp(...args);
    const id = JSON.stringify(args);
    if (known.has(id)) return known.get(id);
    const text = plainText(instance, key, options) ?? lookUp(...args);
    // Bounded: a long day in the inbox asks for many texts of one row each (a reference, a name).
    if (known.size >= rememberedTextsAtMost) forget();
    known.set(id, text);
    return text;
  };
  instance.t = remembering as unknown as I18n['t'];
}
