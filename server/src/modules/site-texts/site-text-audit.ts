import type { Db } from '../../db/database';
import { recordChange } from '../audit/audit.recorder';

// The page texts' entry in the audit trail (decision 036), built beside the texts it names.

/**
 * Before the page texts' drafts go live, in the same transaction: one entry naming each text
 * and language published, with what visitors read before → after (null: the default).
 */
export async function recordPublish(trx: Db): Promise<void> {
  const drafts = await trx
    .selectFrom('site_texts')
    .select(['namespace', 'key', 'language', 'published', 'draft'])
    .where('has_draft', '=', 1)
    .orderBy('namespace')
    .orderBy('key')
    .orderBy('language')
    .execute();
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
