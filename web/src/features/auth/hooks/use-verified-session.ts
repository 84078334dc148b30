import { useCallback, useEffect, useRef, useState } from 'react';
import { clearToken, readToken } from '../../../lib/auth-token';
import { takeEarlySessionCheck, takePreparedSession } from '../api/early-session-check';
import { type AdminSession, verifyToken } from '../api/sign-in';
import { useServedSession } from './served-session';

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

/** Checked already before the first render (prepareDashboard): valid from the start. */
function preparedState(): SessionState | undefined {
  const token = readToken();
  const session = token ? takePreparedSession(token) : undefined;
  return session ? { status: 'valid', session } : undefined;
}

export function useVerifiedSession(): { state: SessionState; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  // Rendered by the server with its first view (decision 067): checked there a moment ago.
  const served = useServedSession();
  const [prepared] = useState(() => (served ? { status: 'valid' as const, session: served } : preparedState()));
  const [state, setState] = useState(() => prepared ?? initialState());
  const checked = useRef(prepared !== undefined);

  useEffect(() => {
    const token = readToken();
    if (!token) return;
    // The first check was made before the first render.
    if (checked.current) {
      checked.current = false;
      return;
    }
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
