import type { UserRole } from '@blitz/contract';

/**
 * The dashboard's first API calls, started by a script of their own as soon as the HTML is parsed
 * (issue 46, decision 045): the token's check and, beside it where the last check said the
 * dashboard lands on the inbox, what the inbox's first view waits for (its first page, the spam
 * view's count, the unread count), handed to the application only once this check's answer names
 * a role that reads the inbox; the inbox's other calls (and an admin's own) follow that answer. They run while the application's scripts load and evaluate; the application's calls
 * take these answers (api-client.ts, `takeEarlyResponse`) instead of asking again.
 * Inline in /dashboard's HTML, built as one classic script with its CSP hash (prerender.mjs).
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

/**
 * What the last check in this browser said (the early script's own note, not the user's data):
 * that the dashboard lands on the inbox, with nothing due first, and until when the session
 * lasts at the least (the check's `expiresAt`: use only makes it last longer). Only then does
 * the next visit ask for the inbox beside the check: otherwise a refused call (a role without the
 * inbox, a password to change, a session that ended) would be an error in the browser's console
 * and a security event on the server. A wrong note costs the wait of old, or a refused call.
 */
export const landingHintKey = 'DashboardLanding';

type LandingHint = { lands: 'inbox'; until: number };

/** Whether the note lets this visit ask beside the check (`now`: the clock's time in ms). */
export function landsOnInbox(note: string | null, now: number): boolean {
  try {
    const hint = JSON.parse(note ?? 'null') as Partial<LandingHint> | null;
    return hint?.lands === 'inbox' && typeof hint.until === 'number' && now < hint.until;
  } catch {
    return false;
  }
}

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

/**
 * What the inbox's first view waits for before it renders (dashboard-page.tsx, prepareFirstView):
 * the first page of the inbox (the default filter), the spam view's count and the unread count.
 */
export const firstViewCalls: readonly string[] = [
  earlyKey('GET', earlyAddresses.inquiries, { Spam: 'false', PageLength: 20, PageNumber: 1 }),
  earlyKey('GET', earlyAddresses.inquiries, { Spam: 'true', PageLength: 1, PageNumber: 1 }),
  earlyKey('GET', earlyAddresses.unread),
];

/** The inbox's first view (inbox-panel.tsx and what it shows at once), its queries as the application asks them. */
export const inboxCalls: readonly string[] = [
  ...firstViewCalls,
  earlyKey('GET', earlyAddresses.inquiryTypes),
  earlyKey('GET', earlyAddresses.appliedJobs),
  earlyKey('GET', earlyAddresses.jobs, { PageLength: 100 }),
];

/** An admin's start beside the inbox: the go-live checklist and the company's details (the site-address notice). */
const adminCalls: readonly string[] = [earlyKey('GET', earlyAddresses.checklist), earlyKey('GET', earlyAddresses.companyDetails)];

/** The calls the dashboard makes as it lands, for a role. */
export function landingCalls(role: UserRole): string[] {
  if (!readsInbox(role)) return [];
  return role === 'admin' ? [...inboxCalls, ...adminCalls] : [...inboxCalls];
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
  const ask = (key: string) => {
    const answer = fetch(key.slice(key.indexOf(' ') + 1), { headers });
    // Its failure is the taker's to handle, or nobody's.
    answer.catch(() => undefined);
    return answer;
  };
  const responses = new Map<string, Promise<Response | undefined>>();
  const verify = fetch(`${earlyAddresses.apiPrefix}${earlyAddresses.verify}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ JWT: token }),
  });
  responses.set(earlyKey('POST', earlyAddresses.verify), verify);
  // What the first view waits for leaves beside the check (the role is not in the token) where
  // the last check here said the dashboard lands on the inbox and the session lasts; the
  // application gets it only once this check has said it is its own (a failed check, a password
  // to change: the application asks for what it needs, as without this script).
  let note: string | null = null;
  try {
    note = window.localStorage.getItem(landingHintKey);
  } catch {
    // No note: wait for the check.
  }
  const beside = new Map(landsOnInbox(note, Date.now()) ? firstViewCalls.map((key) => [key, ask(key)] as const) : []);
  const decide = new Map<string, (answer: Promise<Response> | undefined) => void>();
  for (const key of landingCalls('admin')) responses.set(key, new Promise((resolve) => decide.set(key, resolve)));
  window.blitzEarlyRequests = { token, startedAt: performance.now(), responses };
  const start = (wanted: readonly string[]) => {
    for (const [key, resolve] of decide) resolve(wanted.includes(key) ? (beside.get(key) ?? ask(key)) : undefined);
  };
  verify
    .then((response) => (response.ok ? response.clone().json() : undefined))
    .then(
      (
        answer:
          | {
              valid?: boolean;
              role?: UserRole;
              expiresAt?: string;
              passwordChangeRequired?: boolean;
              secondFactorSetupRequired?: boolean;
            }
          | undefined,
      ) => {
        const inbox =
          answer?.valid &&
          !answer.passwordChangeRequired &&
          !answer.secondFactorSetupRequired &&
          readsInbox(answer.role ?? 'admin');
        const until = inbox ? Date.parse(answer.expiresAt ?? '') : NaN;
        try {
          if (Number.isFinite(until)) window.localStorage.setItem(landingHintKey, JSON.stringify({ lands: 'inbox', until }));
          else window.localStorage.removeItem(landingHintKey);
        } catch {
          // Without storage, the next visit waits for the check.
        }
        // Until the first password is replaced and a required second factor set up, the dashboard shows only that.
        start(
          !answer?.valid || answer.passwordChangeRequired || answer.secondFactorSetupRequired
            ? []
            : landingCalls(answer.role ?? 'admin'),
        );
      },
    )
    .catch(() => start([]));
}

if (typeof window !== 'undefined' && !window.blitzEarlyRequests) askEarly();
