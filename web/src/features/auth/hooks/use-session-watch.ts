import { useEffect } from 'react';
import { clearToken, readToken } from '../../../lib/auth-token';
import { type AdminSession, verifyToken } from '../api/sign-in';

const firstRecheckMs = 5_000;
const longestWaitMs = 10 * 60_000;

/**
 * Ends the session when the token runs out, even if the user does nothing that would get a
 * 401: at the expiry the server is asked again (the server's clock decides, not this one's),
 * and whenever the tab becomes visible again (timers sleep with the laptop).
 */
export function useSessionWatch(session: AdminSession, onEnded: () => void): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // Grows while the server still accepts a token this clock thinks expired (clock skew).
    let recheckMs = firstRecheckMs;

    const end = (refused?: string) => {
      stopped = true;
      if (refused) clearToken(refused);
      onEnded();
    };
    const schedule = (expiresAt: Date) => {
      clearTimeout(timer);
      const remaining = expiresAt.getTime() - Date.now();
      if (remaining <= 0) recheckMs = Math.min(recheckMs * 2, longestWaitMs);
      timer = setTimeout(check, Math.min(Math.max(remaining, recheckMs), 2 ** 31 - 1));
    };
    async function check() {
      const token = readToken();
      if (!token) return end();
      try {
        const current = await verifyToken(token);
        if (stopped) return;
        if (current) schedule(current.expiresAt);
        else end(token);
      } catch {
        // Unreachable: ask again later; a real change will answer 401 anyway.
        if (!stopped) schedule(new Date(Date.now() + 60_000));
      }
    }
    const onVisible = () => document.visibilityState === 'visible' && void check();

    schedule(session.expiresAt);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [session, onEnded]);
}
