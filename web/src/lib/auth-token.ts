import { storageKeys } from '@blitz/contract';

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
}
