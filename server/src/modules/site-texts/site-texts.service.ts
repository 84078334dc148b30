import {
  isOneLine,
  oneLineMessage,
  type SiteLanguage,
  type SiteTextChange,
  type SiteTextEntry,
  type SiteTextList,
  type SiteTextState,
  sharedTextPlaceholders,
  siteLanguages,
  textLines,
  textPlaceholders,
  unknownTextPlaceholders,
} from '@blitz/contract';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { recordChange } from '../audit/audit.recorder';
import { staleSave } from '../audit/edit-version';
import { badRequest, notFound } from '../../lib/http-error';
import { type SiteTextRow, findSiteTextRow, listSiteTextRows, saveSiteTextDraft } from './site-texts.repository';
import { type ShippedTexts, editableKeys } from './shipped-texts';

function state(defaultText: string, row: SiteTextRow | undefined): SiteTextState {
  return {
    default: defaultText,
    published: row?.published ?? null,
    hasDraft: row?.has_draft === 1,
    draft: row?.has_draft === 1 ? row.draft : null,
    updatedAt: row?.updated_at ?? null,
  };
}

const rowId = (namespace: string, key: string, language: string) => `${namespace}\n${key}\n${language}`;

/** What the site-texts service works with: the database and the texts the build ships. */
export type SiteTextDeps = { db: Db; shipped: ShippedTexts };

/** Every editable text in both languages with its default, published text and draft. */
export async function listSiteTexts({ db, shipped }: SiteTextDeps): Promise<SiteTextList> {
  const rows = new Map((await listSiteTextRows(db)).map((row) => [rowId(row.namespace, row.key, row.language), row]));
  const data = editableKeys(shipped).map(({ namespace, key }) =>
    entry(shipped, namespace, key, (lang) => rows.get(rowId(namespace, key, lang))),
  );
  // Drafts of texts a later release no longer has are neither listed nor counted (nor shown).
  const drafts = data.reduce((sum, e) => sum + siteLanguages.filter((lang) => e[lang].hasDraft).length, 0);
  return { data, count: data.length, drafts };
}

function entry(
  shipped: ShippedTexts,
  namespace: SiteTextEntry['namespace'],
  key: string,
  row: (lang: SiteLanguage) => SiteTextRow | undefined,
): SiteTextEntry {
  const leaf = (lang: SiteLanguage) => shipped.leaves(lang, namespace).get(key);
  const lines = siteLanguages.some((lang) => leaf(lang)?.lines);
  return {
    namespace,
    key,
    lines,
    de: state(leaf('de')?.value ?? '', row('de')),
    en: state(leaf('en')?.value ?? '', row('en')),
  };
}

/**
 * A trimmed text with the spaces its default begins or ends with: a text followed by a link in
 * the page ("… in our ") keeps its space before the link.
 */
function withEdgesOf(defaultText: string, trimmed: string): string {
  return `${/^\s*/.exec(defaultText)![0]}${trimmed}${/\s*$/.exec(defaultText)![0]}`;
}

/**
 * Saves a draft of one text in one language (`content: null`: back to the default). A draft equal
 * to what visitors read already is no draft. Refused: a text the shipped files do not have, and a
 * placeholder the text cannot fill (it would show as `{{name}}`).
 */
export async function changeSiteText({ db, shipped }: SiteTextDeps, change: SiteTextChange): Promise<SiteTextEntry> {
  const { namespace, key, language } = change;
  const leaf = shipped.leaves(language, namespace).get(key);
  if (!leaf) throw notFound(`Text ${namespace}:${key} (${language})`);
  let content = change.content;
  if (content !== null) {
    content = leaf.lines ? textLines(content).join('\n') : withEdgesOf(leaf.value, content.trim());
    // A site text is one line (its page collapses line breaks, its head and JSON-LD must not carry
    // them); a list is one item per line, each item one line.
    const lines = leaf.lines ? content.split('\n') : [content];
    if (!lines.every(isOneLine)) throw badRequest('content', oneLineMessage);
    const unknown = unknownTextPlaceholders(content, leaf.value);
    if (unknown.length > 0) {
      const allowed = [...textPlaceholders(leaf.value), ...sharedTextPlaceholders];
      throw badRequest(
        'content',
        `unknown placeholder ${unknown.map((name) => `{{${name}}}`).join(', ')}; this text can use ${allowed.map((name) => `{{${name}}}`).join(', ')}`,
      );
    }
    if (content === leaf.value) content = null;
  }
  await inTransaction(db, async (trx) => {
    const before = await findSiteTextRow(trx, { namespace, key, language });
    const version = before?.updated_at ?? null;
    if (change.updatedAt !== undefined && change.updatedAt !== version)
      throw await staleSave(trx, 'siteText', `${namespace}:${key}:${language}`, version);
    await saveSiteTextDraft(trx, { namespace, key, language }, content);
    const shown = (row: SiteTextRow | undefined) => (row?.has_draft ? row.draft : row?.published) ?? leaf.value;
    const after = await findSiteTextRow(trx, { namespace, key, language });
    await recordChange(trx, {
      action: 'saveDraft',
      kind: 'siteText',
      id: `${namespace}:${key}:${language}`,
      title: `${namespace}:${key}`,
      changes: textChange(language, shown(before), shown(after)),
    });
  });
  const rows = new Map<string, SiteTextRow | undefined>();
  for (const lang of siteLanguages) rows.set(lang, await findSiteTextRow(db, { namespace, key, language: lang }));
  return entry(shipped, namespace, key, (lang) => rows.get(lang));
}

/** A text before → after in one language; a long one only as changed. */
function textChange(language: SiteLanguage, before: string, after: string) {
  if (before === after) return [];
  const short = (text: string) => (text.length <= 120 ? text : null);
  return [{ field: 'text', language, before: short(before), after: short(after) }];
}
