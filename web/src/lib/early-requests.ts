import type { UserRole } from '@blitz/contract';

/**
 * The dashboard's first API calls, started by a script of their own as soon as the HTML runs
 * (issue 46, decision 045): the token's check and, once its answer names the role, the calls of
 * the tab the dashboard lands on (what its first render waits for beside the check, where the
 * last check in this browser said so: `landingNoteKey`). They run while the application's scripts load and evaluate; the
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

/**
 * What the last check in this browser said (the early script's own note, not the user's data):
 * that the dashboard lands on the inbox with nothing due first, whether for an admin, for which
 * token (its last characters), and until when the session lasts at the least (the check's
 * `expiresAt`). Only then does the next visit ask for the first view beside the check: asked
 * blindly, a role without the inbox, a password to change or an ended session would cost refused
 * calls, each an error in the browser's console and a security event on the server. A wrong note
 * (a role changed meanwhile) costs one refused call, and is then corrected.
 */
export const landingNoteKey = 'DashboardLanding';

type LandingNote = { lands: 'inbox'; admin: boolean; token: string; until: number };

const tokenTail = (token: string) => token.slice(-16);

/** The note's promise for this visit, if it holds for this token now (`now`: the clock's time in ms). */
export function landingNote(note: string | null, token: string, now: number): { admin: boolean } | undefined {
  try {
    const read = JSON.parse(note ?? 'null') as Partial<LandingNote> | null;
    return read?.lands === 'inbox' && read.token === tokenTail(token) && typeof read.until === 'number' && now < read.until
      ? { admin: read.admin === true }
      : undefined;
  } catch {
    return undefined;
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
 * What the first render waits for (dashboard-page.tsx, prepareFirstView): the inbox's first page
 * (the default filter), the spam view's count and the unread count; for an admin the go-live checklist too.
 */
export function firstViewCalls(admin: boolean): string[] {
  const calls = [
    earlyKey('GET', earlyAddresses.inquiries, { Spam: 'false', PageLength: 20, PageNumber: 1 }),
    earlyKey('GET', earlyAddresses.inquiries, { Spam: 'true', PageLength: 1, PageNumber: 1 }),
    earlyKey('GET', earlyAddresses.unread),
  ];
  return admin ? [...calls, earlyKey('GET', earlyAddresses.checklist)] : calls;
}

/** The inbox's first view (inbox-panel.tsx and what it shows at once), its queries as the application asks them. */
export function landingCalls(role: UserRole): string[] {
  if (!readsInbox(role)) return [];
  const calls = [
    ...firstViewCalls(false),
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
  // What the first render waits for leaves beside the check where the last check here said the
  // dashboard lands on the inbox (the role is not in the token). The application gets it only
  // once this check has said it is its own: a failed check or a password to change, and the
  // application asks for what it needs, as without this script.
  let note: string | null = null;
  try {
    note = window.localStorage.getItem(landingNoteKey);
  } catch {
    // No note: wait for the check.
  }
  const promised = landingNote(note, token, Date.now());
  const beside = new Map(promised ? firstViewCalls(promised.admin).map((key) => [key, ask(key)] as const) : []);
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
        // Until the first password is replaced and a required second factor set up, the dashboard shows only that.
        const ready = answer?.valid && !answer.passwordChangeRequired && !answer.secondFactorSetupRequired;
        const role = answer?.role ?? 'admin';
        const until = ready && readsInbox(role) ? Date.parse(answer.expiresAt ?? '') : NaN;
        try {
          if (Number.isFinite(until)) {
            const next: LandingNote = { lands: 'inbox', admin: role === 'admin', token: tokenTail(token), until };
            window.localStorage.setItem(landingNoteKey, JSON.stringify(next));
          } else window.localStorage.removeItem(landingNoteKey);
        } catch {
          // Without storage, the next visit waits for the check.
        }
        start(ready ? landingCalls(role) : []);
      },
    )
    .catch(() => start([]));
}

if (typeof window !== 'undefined' && !window.blitzEarlyRequests) askEarly();
