import type { Db } from '../../db/database';
import { currentActor } from './audit-actor';
import { recordChange } from './audit.recorder';

/** A user opening the same inquiry again within this time is not recorded again (the dialog reloads it). */
const reopenQuietMs = 10 * 60_000;

/**
 * An inquiry's entry: named by its reference only, never by what the visitor wrote or who they
 * are (the trail outlives the inquiry's retention).
 */
export async function recordInquiry(trx: Db, action: string, id: number, note?: string): Promise<void> {
  if (action === 'open') {
    const actor = currentActor();
    const recent = await trx
      .selectFrom('audit_log')
      .select('id')
      .where('item_kind', '=', 'inquiry')
      .where('item_id', '=', String(id))
      .where('action', '=', 'open')
      .where('user_id', actor ? '=' : 'is', actor?.id ?? null)
      .where('at', '>', new Date(Date.now() - reopenQuietMs).toISOString())
      .executeTakeFirst();
    if (recent) return;
  }
  const row = await trx.selectFrom('inquiries').select(['reference', 'spam']).where('id', '=', id).executeTakeFirst();
  await recordChange(trx, { action, kind: 'inquiry', id, title: row?.reference ?? String(id), ...(note ? { note } : {}) });
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
