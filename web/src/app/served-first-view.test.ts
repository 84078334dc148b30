import { describe, expect, it } from 'vitest';
import { type DashboardFirstView, firstViewTokenTail } from '@blitz/contract';
import { checklistQueryOptions } from '../features/go-live/api/checklist';
import {
  appliedJobsQueryOptions,
  emptyInboxFilter,
  inquiriesQueryOptions,
  jobTitlesQueryOptions,
} from '../features/inbox/api/inquiries';
import { unreadQueryOptions } from '../features/inbox/api/unread-count';
import { inquiryTypeListQueryOptions } from '../lib/inquiry-type-list';
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
  inquiryTypes: { types: [{ key: 'priceInquiry', names: { de: 'Preisanfrage', en: 'Price inquiry' }, builtIn: true }] },
  appliedJobs: [{ id: 3, title: 'Monteur' }],
  jobs: { data: [{ id: 3, title: [{ content: 'Blitzschutzmonteur', language: 1 }] }], count: 1 },
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
    // What the list is named and filtered by: no call, no second render.
    expect(data(inquiryTypeListQueryOptions().queryKey)).toMatchObject({ types: [{ key: 'priceInquiry', removed: false }] });
    expect(data(appliedJobsQueryOptions().queryKey)).toEqual([{ id: 3, title: 'Monteur' }]);
    expect(data(jobTitlesQueryOptions().queryKey)).toEqual({
      data: [{ id: 3, title: [{ content: 'Blitzschutzmonteur', language: 1 }] }],
    });
  });

  it('leaves the names and the job filter to the application where the server could not read them', () => {
    const served = readServedFirstView(view({ inquiryTypes: null, appliedJobs: null, jobs: { data: 'none' } }))!;
    expect(served.session.username).toBe('anna');
    for (const options of [inquiryTypeListQueryOptions(), appliedJobsQueryOptions(), jobTitlesQueryOptions()])
      expect(served.queryClient.getQueryData(options.queryKey)).toBeUndefined();
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
