import type { AuditChange } from '@blitz/contract';
import { type ChangeEntry, fieldChanges, textChanges, titleOf } from '../audit/audit.recorder';
import type { ItemAction } from '../audit/item-changes';
import { type ProjectRecord, type ProjectValues, fullTexts } from './projects.repository';

/** A project's entry in the audit trail: its title, and its fields before → after. */
export function projectEntry(
  action: ItemAction,
  id: number,
  before: ProjectRecord | undefined,
  after?: ProjectValues,
): ChangeEntry {
  const title = titleOf(after?.texts.title ?? before?.texts.title);
  if (!after) return { action, kind: 'project', id, title };
  const plain = (r: ProjectRecord | ProjectValues | undefined) =>
    r && {
      client: r.client,
      categoryId: r.categoryId,
      featured: r.featured,
      picture: r.pictures.map((p) => p.variants[0]?.key ?? '').join(' '),
    };
  const fields = fieldChanges(plain(before), plain(after)!, ['client', 'categoryId', 'featured', 'picture']);
  const changes: AuditChange[] = [
    ...textChanges('title', before?.texts.title, after.texts.title),
    ...textChanges('content', before?.texts.content, after.texts.content),
    ...textChanges('scopeOfWorks', before?.texts.scope, after.texts.scope),
    // Localised lines (decision 033); a release before them wrote one string, both languages' value.
    ...textChanges('location', before && fullTexts(before).location, fullTexts(after).location),
    ...textChanges('workDuration', before && fullTexts(before).duration, fullTexts(after).duration),
    ...textChanges('searchTitle', before?.search?.title, after.search?.title ?? []),
    ...textChanges('searchDescription', before?.search?.description, after.search?.description ?? []),
    ...fields
      .filter((c) => !(c.field === 'featured' && after.featured === undefined))
      .map((c) => (c.field === 'picture' ? { field: 'picture', before: null, after: null } : c)),
  ];
  // Featuring (or no longer featuring) alone is its own action: the home page's selection changed.
  const featuring = changes.length === 1 && changes[0]!.field === 'featured' && action === 'update';
  return { action: featuring ? (after.featured ? 'feature' : 'unfeature') : action, kind: 'project', id, title, changes };
}
