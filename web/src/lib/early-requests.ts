import { type UserRole, apiPrefix, apiRoutes, mayAccess, storageKeys } from '@blitz/contract';

/**
 * The dashboard's first API calls, started by a script of their own as soon as the HTML runs
 * (issue 46, decision 045): the token's check and, once its answer names the role, the calls of
 * the tab the dashboard lands on. They run while the application's scripts load and evaluate; the
 * application's calls take these answers (api-client.ts, `takeEarlyResponse`) instead of asking again.
 * Built as an entry of its own (vite.config.ts), named in /dashboard's HTML (prerender.mjs).
 */

/** What the early script hands the application: the answers it asked for, by method and address. */
export type EarlyRequests = {
  token: string;
  startedAt: number;
  responses: Map<string, Promise<Response>>;
};

declare global {
  interface Window {
    blitzEarlyRequests?: EarlyRequests;
  }
}

/** The key of a call: its method and its address with the query as the API client writes it. */
export const earlyKey = (method: string, path: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `${method} ${apiPrefix}${path}${search ? `?${search}` : ''}`;
};

/** The inbox's first view (inbox-panel.tsx and what it shows at once), its queries as the application asks them. */
export function landingCalls(role: UserRole): string[] {
  if (!mayAccess(role, 'inbox')) return [];
  const calls = [
    // The first page of the inbox (the default filter), and the spam view's count.
    earlyKey('GET', apiRoutes.inbox.list, { Spam: 'false', PageLength: 20, PageNumber: 1 }),
    earlyKey('GET', apiRoutes.inbox.list, { Spam: 'true', PageLength: 1, PageNumber: 1 }),
    earlyKey('GET', apiRoutes.inbox.unread),
    earlyKey('GET', apiRoutes.inquiryTypes.list),
    earlyKey('GET', apiRoutes.inbox.jobs),
    earlyKey('GET', apiRoutes.jobs.list, { PageLength: 100 }),
  ];
  // An admin's start: the go-live checklist, the company's details (the site-address notice) and the retention setting.
  if (role === 'admin') {
    calls.push(earlyKey('GET', apiRoutes.goLive.checklist));
    calls.push(earlyKey('GET', apiRoutes.companyDetails));
    calls.push(earlyKey('GET', apiRoutes.inbox.retention));
  }
  return calls;
}

function start(): void {
  let token: string | null;
  try {
    token = window.localStorage.getItem(storageKeys.token);
  } catch {
    return;
  }
  // Only where the dashboard lands on its first tab: another tab named in the address asks for its own.
  const tab = new URLSearchParams(window.location.search).get('tab');
  if (!token || (tab !== null && tab !== 'inquiries')) return;
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const responses = new Map<string, Promise<Response>>();
  const verify = fetch(`${apiPrefix}${apiRoutes.auth.verify}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ JWT: token }),
  });
  responses.set(earlyKey('POST', apiRoutes.auth.verify), verify);
  window.blitzEarlyRequests = { token, startedAt: performance.now(), responses };
  verify
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then((answer: { valid?: boolean; role?: UserRole } | undefined) => {
      if (!answer?.valid) return;
      for (const key of landingCalls(answer.role ?? 'admin')) {
        const answered = fetch(key.slice(key.indexOf(' ') + 1), { headers });
        // Its failure is the taker's to handle, or nobody's.
        answered.catch(() => undefined);
        responses.set(key, answered);
      }
    })
    .catch(() => undefined);
}

if (typeof window !== 'undefined' && !window.blitzEarlyRequests) start();
