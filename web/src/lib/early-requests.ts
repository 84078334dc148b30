import type { UserRole } from '@blitz/contract';

/**
 * The dashboard's first API calls, started by a script of their own as soon as the HTML runs
 * (issue 46, decision 045): the token's check and, once its answer names the role, the calls of
 * the tab the dashboard lands on. They run while the application's scripts load and evaluate; the
 * application's calls take these answers (api-client.ts, `takeEarlyResponse`) instead of asking again.
 * Built as an entry of its own (vite.config.ts), named in /dashboard's HTML (prerender.mjs).
 */

/**
 * The contract's addresses and storage key, written out: the script imports nothing, so it runs as
 * soon as its one file has arrived instead of waiting for chunks it would share with the
 * application (app/early-requests.test.ts holds these to the contract).
 */
export const earlyAddresses = {
  apiPrefix: '/api/v1',
  tokenKey: 'JWT',
  verify: '/login/Verfy',
  inquiries: '/Inquiry',
  unread: '/Inquiry/Unread',
  inquiryTypes: '/InquiryType',
  appliedJobs: '/Inquiry/Jobs',
  jobs: '/Job',
  checklist: '/Settings/Checklist',
  companyDetails: '/Settings',
} as const;

/** Whether a role reads the inbox (the contract's `mayAccess(role, 'inbox')`): every one but the editor. */
export const readsInbox = (role: UserRole) => role !== 'editor';

/**
 * What the early script hands the application: the answers it asks for, by method and address.
 * Every call it may start is there from the start, so that the application never asks before
 * the script has decided: undefined where it did not start it (the role, a failed check).
 */
export type EarlyRequests = {
  token: string;
  startedAt: number;
  responses: Map<string, Promise<Response | undefined>>;
};

declare global {
  interface Window {
    blitzEarlyRequests?: EarlyRequests;
  }
}

/** The key of a call: its method and its address with the query as the API client writes it. */
export const earlyKey = (method: string, path: string, query: Record<string, string | number> = {}) => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return `${method} ${earlyAddresses.apiPrefix}${path}${search ? `?${search}` : ''}`;
};

/** The inbox's first view (inbox-panel.tsx and what it shows at once), its queries as the application asks them. */
export function landingCalls(role: UserRole): string[] {
  if (!readsInbox(role)) return [];
  const calls = [
    // The first page of the inbox (the default filter), and the spam view's count.
    earlyKey('GET', earlyAddresses.inquiries, { Spam: 'false', PageLength: 20, PageNumber: 1 }),
    earlyKey('GET', earlyAddresses.inquiries, { Spam: 'true', PageLength: 1, PageNumber: 1 }),
    earlyKey('GET', earlyAddresses.unread),
    earlyKey('GET', earlyAddresses.inquiryTypes),
    earlyKey('GET', earlyAddresses.appliedJobs),
    earlyKey('GET', earlyAddresses.jobs, { PageLength: 100 }),
  ];
  // An admin's start: the go-live checklist and the company's details (the site-address notice).
  if (role === 'admin') {
    calls.push(earlyKey('GET', earlyAddresses.checklist));
    calls.push(earlyKey('GET', earlyAddresses.companyDetails));
  }
  return calls;
}

/** Reads the stored token and asks (run once as the script loads; exported for its test). */
export function askEarly(): void {
  let token: string | null;
  try {
    token = window.localStorage.getItem(earlyAddresses.tokenKey);
  } catch {
    return;
  }
  // Only where the dashboard lands on its first tab: another tab named in the address asks for its own.
  const tab = new URLSearchParams(window.location.search).get('tab');
  if (!token || (tab !== null && tab !== 'inquiries')) return;
  const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
  const responses = new Map<string, Promise<Response | undefined>>();
  const verify = fetch(`${earlyAddresses.apiPrefix}${earlyAddresses.verify}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ JWT: token }),
  });
  responses.set(earlyKey('POST', earlyAddresses.verify), verify);
  const decide = new Map<string, (answer: Promise<Response> | undefined) => void>();
  for (const key of landingCalls('admin')) responses.set(key, new Promise((resolve) => decide.set(key, resolve)));
  window.blitzEarlyRequests = { token, startedAt: performance.now(), responses };
  const start = (wanted: readonly string[]) => {
    for (const [key, resolve] of decide) {
      const answered = wanted.includes(key) ? fetch(key.slice(key.indexOf(' ') + 1), { headers }) : undefined;
      // Its failure is the taker's to handle, or nobody's.
      answered?.catch(() => undefined);
      resolve(answered);
    }
  };
  verify
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then(
      (
        answer:
          { valid?: boolean; role?: UserRole; passwordChangeRequired?: boolean; secondFactorSetupRequired?: boolean } | undefined,
      ) =>
        // Until the first password is replaced and a required second factor set up, the dashboard shows only that.
        start(
          !answer?.valid || answer.passwordChangeRequired || answer.secondFactorSetupRequired
            ? []
            : landingCalls(answer.role ?? 'admin'),
        ),
    )
    .catch(() => start([]));
}

if (typeof window !== 'undefined' && !window.blitzEarlyRequests) askEarly();
