import type { Db } from '../../db/database';
import { recordChange } from '../audit/audit.recorder';
import type { SiteTextDraft } from './site-texts.repository';

// The page texts' entry in the audit trail (decision 036), built beside the texts it names.

/**
 * Before the page texts' drafts go live, in the same transaction: one entry naming each text
 * and language published (`drafts`, read by the repository), with what visitors read before →
 * after (null: the default).
 */
export async function recordPublish(trx: Db, drafts: readonly SiteTextDraft[]): Promise<void> {
  if (drafts.length === 0) return;
  const short = (text: string | null) => (text === null ? '(default)' : text.length <= 120 ? text : null);
  await recordChange(trx, {
    action: 'publish',
    kind: 'siteText',
    id: null,
    title: `${drafts.length} page text${drafts.length === 1 ? '' : 's'}`,
    changes: drafts.map((d) => ({
      field: `${d.namespace}:${d.key}`,
      language: d.language,
      before: short(d.published),
      after: short(d.draft),
    })),
  });
}
