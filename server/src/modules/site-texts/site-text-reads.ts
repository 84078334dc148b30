import { type SiteLanguage, applyTexts, draftText, isEditableTextNamespace } from '@blitz/contract';
import type { Db } from '../../db/database';
import type { Read, ReadDeps } from '../content/content-reads';
import { listPublishedTexts, listSiteTextRows } from './site-texts.repository';
import type { ShippedTexts, TextTree } from './shipped-texts';

/** The texts of one language, every namespace, as visitors read them (or the preview shows them). */
export type SiteTexts = Record<string, TextTree>;

type Replacement = { namespace: string; key: string; value: string };

function mergedTexts(shipped: ShippedTexts, lang: SiteLanguage, replacements: Replacement[]): SiteTexts {
  const byNamespace = new Map<string, Map<string, string>>();
  for (const { namespace, key, value } of replacements) {
    if (!isEditableTextNamespace(namespace)) continue;
    let keys = byNamespace.get(namespace);
    if (!keys) byNamespace.set(namespace, (keys = new Map()));
    keys.set(key, value);
  }
  return Object.fromEntries(
    shipped
      .namespaces()
      .map((namespace) => [namespace, applyTexts(shipped.tree(lang, namespace), byNamespace.get(namespace) ?? new Map())]),
  );
}

/** Whether any published text replaces a default (if not, the prerendered pages are the site's pages). */
export function readTextsChanged(reads: ReadDeps): Promise<Read<boolean>> {
  return reads.contentReads.read('texts changed', async () => (await listPublishedTexts(reads.db)).length > 0);
}

/** The published texts of a language, kept per content version (content/content-reads.ts). */
export function readSiteTexts(reads: ReadDeps, shipped: ShippedTexts, lang: SiteLanguage): Promise<Read<SiteTexts>> {
  return reads.contentReads.read(`texts ${lang}`, async () => {
    const rows = await listPublishedTexts(reads.db);
    return mergedTexts(
      shipped,
      lang,
      rows.flatMap((row) => (row.language === lang && row.published !== null ? [{ ...row, value: row.published }] : [])),
    );
  });
}

/** The texts of a language with every draft applied, for the preview: read fresh, never kept. */
export async function draftSiteTexts(db: Db, shipped: ShippedTexts, lang: SiteLanguage): Promise<SiteTexts> {
  const rows = await listSiteTextRows(db);
  const replacements: Replacement[] = [];
  for (const row of rows) {
    if (row.language !== lang) continue;
    const shippedText = shipped.leaves(lang, row.namespace).get(row.key)?.value ?? '';
    const value = draftText({ default: shippedText, published: row.published, hasDraft: row.has_draft === 1, draft: row.draft });
    if (value !== shippedText) replacements.push({ namespace: row.namespace, key: row.key, value });
  }
  return mergedTexts(shipped, lang, replacements);
}
