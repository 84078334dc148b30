import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { onSessionEnded, sessionExpiredLocation } from '../../../lib/api-client';
import type { AdminSession } from '../api/sign-in';
import { useSessionWatch } from '../hooks/use-session-watch';
import { useVerifiedSession } from '../hooks/use-verified-session';
import { secondaryButton } from '../../../components/admin/button-classes';

/**
 * The dashboard's guard: no token → login; a token the server refuses → removed, login with
 * a short message; later 401s and the token's expiry do the same. The server checks every
 * mutation anyway: this only keeps the screen honest.
 */
export function RequireAdmin({ children }: { children: (session: AdminSession) => ReactNode }) {
  const { t } = useTranslation('admin');
  const { state, retry } = useVerifiedSession();
  const navigate = useNavigate();
  const toLogin = useCallback(() => void navigate(sessionExpiredLocation, { replace: true }), [navigate]);

  useEffect(() => onSessionEnded(toLogin), [toLogin]);

  switch (state.status) {
    case 'none':
      return <Navigate to={paths.login} replace />;
    case 'rejected':
      return <Navigate to={sessionExpiredLocation} replace />;
    case 'checking':
      return (
        <p role="status" className="mx-auto max-w-7xl px-4 py-16 text-center text-brand-700">
          {t('dashboard.checking')}
        </p>
      );
    case 'unreachable':
      return (
        <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
          <p className="text-slate-800">{t('dashboard.verifyUnreachable')}</p>
          <button type="button" className={`${secondaryButton} mt-4`} onClick={retry}>
            {t('dashboard.retry')}
          </button>
        </div>
      );
    case 'valid':
      return (
        <WatchedSession session={state.session} onEnded={toLogin}>
          {children(state.session)}
        </WatchedSession>
      );
  }
}

function WatchedSession({ session, onEnded, children }: { session: AdminSession; onEnded: () => void; children: ReactNode }) {
  useSessionWatch(session, onEnded);
  return children;
}
