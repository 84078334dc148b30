import { dashboardHolderCookieName, firstViewTokenTail, storageKeys } from '@blitz/contract';

// The sign-in token lives in localStorage under the spec's key (SPEC.md §9). Storage may be
// blocked (private modes, strict settings): then there is simply no stored token.

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(storageKeys.token);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(storageKeys.token, token);
  } catch {
    // Without storage the sign-in cannot outlast this page; the next admin call asks again.
  }
  markHolder(token);
}

/**
 * Tells the server which sign-in this browser holds (the contract's `dashboardHolderCookieName`,
 * decision 067), or none: /dashboard carries the inbox's first page only for that one.
 */
export function markHolder(token: string | null): void {
  try {
    const https = window.location.protocol === 'https:';
    const value = token ? `${firstViewTokenTail(token)}; Max-Age=${30 * 24 * 3600}` : '; Max-Age=0';
    document.cookie = `${dashboardHolderCookieName(https)}=${value}; Path=/; SameSite=Strict${https ? '; Secure' : ''}`;
  } catch {
    // Cookies blocked: the dashboard is rendered in the browser, as without the first view.
  }
}

/**
 * The dashboard's early script's note on where this sign-in lands (lib/early-requests.ts,
 * `landingNoteKey`; that script imports nothing, so it writes the key out): it goes with the token.
 */
export const landingNoteStorageKey = 'DashboardLanding';

/**
 * Removes the stored token. Given the token a refused call sent, only while that one is still
 * stored: a sign-in since then (in another tab, or the same tab's next page) stays.
 */
export function clearToken(refused?: string): void {
  try {
    if (refused !== undefined && window.localStorage.getItem(storageKeys.token) !== refused) return;
    window.localStorage.removeItem(storageKeys.token);
    window.localStorage.removeItem(landingNoteStorageKey);
  } catch {
    // Nothing stored, nothing to remove.
  }
  markHolder(null);
}
