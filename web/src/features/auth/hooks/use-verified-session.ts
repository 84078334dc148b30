import { useCallback, useEffect, useState } from 'react';
import { clearToken, readToken } from '../../../lib/auth-token';
import { takeEarlySessionCheck } from '../api/early-session-check';
import { type AdminSession, verifyToken } from '../api/sign-in';

export type SessionState =
  | { status: 'none' }
  | { status: 'checking' }
  | { status: 'valid'; session: AdminSession }
  /** The server refused the token (expired, revoked, forged); it has been removed. */
  | { status: 'rejected' }
  /** The server could not be asked; the token is kept for another try. */
  | { status: 'unreachable' };

/** The stored token, verified by the server (the spec's guard result, enforced: DESIGN.md §5). */
const initialState = (): SessionState => (readToken() ? { status: 'checking' } : { status: 'none' });

export function useVerifiedSession(): { state: SessionState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState(initialState);

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    let current = true;
    (takeEarlySessionCheck(token) ?? verifyToken(token)).then(
      (session) => {
        if (!current) return;
        if (session) {
          setState({ status: 'valid', session });
        } else {
          clearToken(token);
          setState({ status: 'rejected' });
        }
      },
      () => current && setState({ status: 'unreachable' }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState(initialState());
    setAttempt((n) => n + 1);
  }, []);
  return { state, retry };
}
