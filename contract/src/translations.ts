/**
 * The scopes the site's texts are split into (SPEC.md §7), plus the common texts, the projects,
 * the staff pages' frame ('admin') and each dashboard feature's own texts, which its tab loads
 * with its code: one list for the build, the browser and the server.
 */
export const translationNamespaces = [
  'common',
  'homepage',
  'servicespage',
  'BlitzSchutz',
  'ImprintPage',
  'aboutus',
  'kontactus',
  'JobsPage',
  'contact',
  'admin',
  'projects',
  'inbox',
  'statistics',
  'accounts',
  'audit',
  'backups',
  'categoryEditing',
  'companyDetails',
  'goLive',
  'jobEditing',
  'mailSettings',
  'projectEditing',
  'textEditing',
  'trash',
  'redirects',
  'privacy',
  'wordpressImport',
  'inquiryTypes',
  'files',
  'pageEditing',
  'sectionEditing',
  'newsEditing',
] as const;
export type TranslationNamespace = (typeof translationNamespaces)[number];

export function isTranslationNamespace(value: unknown): value is TranslationNamespace {
  return (translationNamespaces as readonly unknown[]).includes(value);
}

/** Where the browser loads a scope's texts: the common texts at /assets/i18n/{lang}.json, each other scope beside. */
export function translationPath(lang: string, namespace: string): string {
  return namespace === 'common' ? `/assets/i18n/${lang}.json` : `/assets/i18n/${namespace}/${lang}.json`;
}
