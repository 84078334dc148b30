import type { ParseKeys } from 'i18next';
import { featuredLimit } from '@blitz/contract';
import { isApiError } from '../../lib/api-client';

export type FailureReason = { key: ParseKeys<'admin'>; values?: Record<string, string | number> };

/**
 * What to add to 'Command Failed' for a failed create, update or delete: the server's reason
 * where the user can act on it, nothing where they cannot.
 */
export function commandFailureReason(error: unknown): FailureReason | undefined {
  if (!isApiError(error)) return undefined;
  switch (error.code) {
    case 'network':
      return { key: 'reasons.network' };
    case 'not_found':
      return { key: 'reasons.notFound' };
    case 'conflict':
      return { key: error.inTrash ? 'reasons.conflictInTrash' : 'reasons.conflict' };
    case 'edit_conflict':
      return error.changedBy
        ? { key: 'reasons.editConflict', values: { name: error.changedBy.name, time: shortTime(error.changedBy.at) } }
        : { key: 'reasons.editConflictUnknown' };
    case 'last_admin':
      return { key: 'reasons.lastAdmin' };
    case 'forbidden':
      return { key: 'reasons.forbidden' };
    case 'featured_limit':
      return { key: 'reasons.featuredLimit', values: { max: featuredLimit } };
    case 'payload_too_large':
      return { key: 'reasons.tooLarge' };
    case 'validation':
    case 'malformed_body': {
      const fields = [...new Set(error.fieldErrors.map((e) => e.field))];
      if (fields.some((f) => f === 'picture' || f.startsWith('picture.'))) return { key: 'reasons.picture' };
      return fields.length > 0 ? { key: 'reasons.invalid', values: { fields: fields.join(', ') } } : undefined;
    }
    case 'unsupported_media_type':
      return { key: 'reasons.picture' };
    default:
      return error.status >= 500 ? { key: 'reasons.server', values: { status: error.status } } : undefined;
  }
}

/** A time of day and date in the page's language, in the company's time zone. */
function shortTime(iso: string): string {
  const lang = typeof document === 'undefined' ? 'de' : document.documentElement.lang || 'de';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(
    new Date(iso),
  );
}
