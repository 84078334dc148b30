import type { AuditChange, LocalizedText } from '@blitz/contract';
import { fieldChanges, textChanges } from './audit.recorder';

// Generic diffing for the audit trail. What each kind of item records (its title, and its fields
// before → after) is built beside its domain, in a `*-audit.ts` file: projects/project-audit.ts
// and the like (decision 046).

/** What a content item's entry records: it was created, changed, deleted, its draft saved, restored. */
export type ItemAction = 'create' | 'update' | 'delete' | 'saveDraft' | 'restore';

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
