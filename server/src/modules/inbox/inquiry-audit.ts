import type { Db } from '../../db/database';
import { currentActor } from '../audit/audit-actor';
import { recordChange, recordedSince } from '../audit/audit.recorder';
import { findInquiry } from '../contact/inquiries.repository';

// The inquiries' entries in the audit trail (decision 036), built by the inbox that handles them.

/** A user opening the same inquiry again within this time is not recorded again (the dialog reloads it). */
const reopenQuietMs = 10 * 60_000;

/**
 * An inquiry's entry: named by its reference only, never by what the visitor wrote or who they
 * are (the trail outlives the inquiry's retention).
 */
export async function recordInquiry(trx: Db, action: string, id: number, note?: string): Promise<void> {
  if (action === 'open') {
    const since = new Date(Date.now() - reopenQuietMs).toISOString();
    const userId = currentActor()?.id ?? null;
    if (await recordedSince(trx, { action: 'open', kind: 'inquiry', id, userId }, since)) return;
  }
  const inquiry = await findInquiry(trx, id);
  await recordChange(trx, { action, kind: 'inquiry', id, title: inquiry?.reference ?? String(id), ...(note ? { note } : {}) });
}

/** The inbox's CSV export: which filters (never a search text, which may be a name), not which inquiries. */
export async function recordInquiryExport(db: Db, filter: Record<string, unknown>): Promise<void> {
  const named = Object.entries(filter)
    .filter(([name, value]) => value !== undefined && name !== 'Search')
    .map(([name, value]) => `${name}=${String(value)}`);
  if (filter['Search']) named.push('Search=(text)');
  await recordChange(db, {
    action: 'export',
    kind: 'inquiry',
    id: null,
    title: 'Inquiries (CSV)',
    note: named.join(', ') || 'all',
  });
}
