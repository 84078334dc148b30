import { describe, expect, it } from 'vitest';
import { type DashboardFirstView, firstViewTokenTail } from '@blitz/contract';
import { checklistQueryOptions } from '../features/go-live/api/checklist';
import { emptyInboxFilter, inquiriesQueryOptions } from '../features/inbox/api/inquiries';
import { unreadQueryOptions } from '../features/inbox/api/unread-count';
import { inquiryRow } from './inquiry-row.test-kit';
import { readServedFirstView, servedFor } from './routes/admin/served-first-view';

// The server renders /dashboard from the API's answers and hands them over in the page (decision
// 067): the browser must read them into the very query keys its own calls fill, or its first
// render would show something else than the server's HTML (and ask again).

const row = inquiryRow;

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiIxIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

const view = (overrides: Partial<DashboardFirstView> = {}): DashboardFirstView => ({
  token: firstViewTokenTail(token),
  session: { valid: true, username: 'anna', expiresAt: '2026-12-17T00:00:00Z', role: 'admin', inquiryTypes: null },
  inbox: { data: [row], count: 1, countCapped: false },
  spam: { data: [], count: 0, countCapped: false },
  unread: { count: 1 },
  checklist: { items: [{ key: 'logo', done: true, dismissed: false }], complete: false },
  ...overrides,
});

describe('the first view the server rendered /dashboard with', () => {
  it('fills the queries the inbox, its spam count, the tab’s count and the checklist ask for', () => {
    const served = readServedFirstView(view())!;
    expect(served.session).toMatchObject({ username: 'anna', role: 'admin', passwordChangeRequired: false });
    expect(served.session.expiresAt.toISOString()).toBe('2026-12-17T00:00:00.000Z');
    const data = (key: readonly unknown[]) => served.queryClient.getQueryData(key);
    expect(data(inquiriesQueryOptions(emptyInboxFilter, 1).queryKey)).toMatchObject({ count: 1, data: [{ id: 7 }] });
    expect(data(inquiriesQueryOptions({ ...emptyInboxFilter, spam: true }, 1, 1).queryKey)).toMatchObject({ count: 0 });
    expect(data(unreadQueryOptions().queryKey)).toEqual({ count: 1 });
    expect(data(checklistQueryOptions().queryKey)).toMatchObject({ items: [{ key: 'logo' }] });
  });

  it('needs no checklist for a role other than admin', () => {
    const served = readServedFirstView(
      view({ session: { valid: true, username: 'paul', expiresAt: '2026-12-17T00:00:00Z', role: 'inbox' }, checklist: null }),
    )!;
    expect(served.session.role).toBe('inbox');
    expect(served.queryClient.getQueryData(checklistQueryOptions().queryKey)).toBeUndefined();
  });

  it('is not used when an answer does not read: the application asks as without it', () => {
    expect(readServedFirstView(view({ session: { valid: false } }))).toBeUndefined();
    expect(
      readServedFirstView(view({ inbox: { data: [{ ...row, status: 'handled' }], count: 1, countCapped: false } })),
    ).toBeUndefined();
    expect(readServedFirstView(view({ unread: null }))).toBeUndefined();
    expect(readServedFirstView(view({ checklist: null }))).toBeUndefined();
  });

  it('is this browser’s only where it was rendered for the stored token', () => {
    expect(servedFor(view(), token)).toBe(true);
    expect(servedFor(view(), `${token}x`)).toBe(false);
    expect(servedFor(view(), null)).toBe(false);
    expect(servedFor(undefined, token)).toBe(false);
  });
});
