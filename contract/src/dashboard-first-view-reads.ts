import { inboxPageLength } from './dashboard-first-view';
import { apiRoutes, apiUrl } from './routes';

/**
 * The reads the server makes for the first view, each at the address the browser's application
 * asks it at (its early script's `firstViewCalls`, which web/src/app/early-requests.test.ts holds
 * to the application's own queries and to these).
 */
export const dashboardFirstViewReads = {
  inbox: { path: apiRoutes.inbox.list, query: { Spam: 'false', PageLength: inboxPageLength, PageNumber: 1 } },
  spam: { path: apiRoutes.inbox.list, query: { Spam: 'true', PageLength: 1, PageNumber: 1 } },
  unread: { path: apiRoutes.inbox.unread, query: {} },
  checklist: { path: apiRoutes.goLive.checklist, query: {} },
  // What the inbox names and filters by, which its first render asks for beside the list (the
  // early script's `landingCalls`): read with it, they need no call and no second render.
  inquiryTypes: { path: apiRoutes.inquiryTypes.list, query: {} },
  appliedJobs: { path: apiRoutes.inbox.jobs, query: {} },
  jobs: { path: apiRoutes.jobs.list, query: { PageLength: 100 } },
} as const satisfies Record<string, { path: string; query: Record<string, string | number> }>;

/** A read's address with its query, as the browser's API client writes it. */
export function firstViewReadUrl(read: { path: string; query: Record<string, string | number> }): string {
  const search = new URLSearchParams(Object.entries(read.query).map(([key, value]) => [key, String(value)])).toString();
  return `${apiUrl(read.path)}${search ? `?${search}` : ''}`;
}
