import type { AuditChange, LocalizedText } from '@blitz/contract';
import { type ProjectRecord, type ProjectValues, fullTexts } from '../projects/projects.repository';
import type { CategoryRecord, CategoryValues } from '../categories/categories.repository';
import type { JobRecord, JobValues } from '../jobs/jobs.repository';
import { type ChangeEntry, fieldChanges, textChanges, titleOf } from './audit.recorder';

// What each kind of item records: its title, and its fields before → after. Kept here so that the
// modules themselves only call `recordChange` with one of these.

type Action = 'create' | 'update' | 'delete' | 'saveDraft' | 'restore';

export function projectEntry(action: Action, id: number, before: ProjectRecord | undefined, after?: ProjectValues): ChangeEntry {
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
    ...fields
      .filter((c) => !(c.field === 'featured' && after.featured === undefined))
      .map((c) => (c.field === 'picture' ? { field: 'picture', before: null, after: null } : c)),
  ];
  // Featuring (or no longer featuring) alone is its own action: the home page's selection changed.
  const featuring = changes.length === 1 && changes[0]!.field === 'featured' && action === 'update';
  return { action: featuring ? (after.featured ? 'feature' : 'unfeature') : action, kind: 'project', id, title, changes };
}

export function categoryEntry(
  action: Action,
  id: number,
  before: CategoryRecord | undefined,
  after?: CategoryValues,
): ChangeEntry {
  const title = after?.name ?? before?.name ?? '';
  if (!after) return { action, kind: 'category', id, title };
  return {
    action,
    kind: 'category',
    id,
    title,
    changes: [...fieldChanges(before, after, ['name']), ...textChanges('translation', before?.translation, after.translation)],
  };
}

const jobTextFields = ['title', 'tasks', 'profile', 'offer', 'howToApply'] as const;

export function jobEntry(action: Action, id: number, before: JobRecord | undefined, after?: JobValues): ChangeEntry {
  const title = titleOf(after?.texts.title ?? before?.texts.title);
  if (!after) return { action, kind: 'job', id, title };
  const changes: AuditChange[] = [
    ...jobTextFields.flatMap((field) => textChanges(field, before?.texts[field], after.texts[field] as LocalizedText[])),
    ...fieldChanges(
      before as Record<string, unknown> | undefined,
      { ...after, position: after.position ?? before?.position } as Record<string, unknown>,
      ['location', 'employmentType', 'startDate', 'validThrough', 'contact', 'published', 'position'],
    ),
  ];
  return { action, kind: 'job', id, title, changes };
}

/**
 * The changes of a settings document (the company details, the mail settings): each top-level
 * field whose value differs; a plain one before → after, a localised list per language, a
 * nested one (partners, statistics, the person) as changed. `secret` fields only as changed.
 */
export function documentChanges(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown>,
  secret: readonly string[] = [],
): AuditChange[] {
  const out: AuditChange[] = [];
  for (const field of Object.keys({ ...before, ...after })) {
    const a = before?.[field];
    const b = after[field];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (secret.includes(field)) out.push({ field, before: null, after: null });
    else if (isLocalized(a) && isLocalized(b)) out.push(...textChanges(field, a, b));
    else if (isPlain(a) && isPlain(b)) out.push(...fieldChanges({ [field]: a }, { [field]: b }, [field]));
    else if (Array.isArray(a) && Array.isArray(b) && a.every(isPlain) && b.every(isPlain))
      out.push(...fieldChanges({ [field]: a.join(', ') }, { [field]: b.join(', ') }, [field]));
    else out.push({ field, before: null, after: null });
  }
  return out;
}

const isPlain = (v: unknown) => v === null || v === undefined || ['string', 'number', 'boolean'].includes(typeof v);
const isLocalized = (v: unknown): v is LocalizedText[] =>
  Array.isArray(v) && v.every((t) => typeof t === 'object' && t !== null && 'language' in t && 'content' in t);

type MailDocument = { recipients: Record<string, string[]>; sender: string; replyTo: string };

/** The mail settings' change: each inquiry type's recipients, the sender and Reply-To, before → after. */
export function mailSettingsEntry(before: MailDocument | undefined, after: MailDocument): ChangeEntry {
  const flat = (m: MailDocument | undefined) =>
    m && {
      ...Object.fromEntries(Object.entries(m.recipients).map(([subject, list]) => [`recipients.${subject}`, list.join(', ')])),
      sender: m.sender,
      replyTo: m.replyTo,
    };
  return {
    action: 'update',
    kind: 'mailSettings',
    id: null,
    title: 'Mail settings',
    changes: documentChanges(flat(before), flat(after)!),
  };
}
