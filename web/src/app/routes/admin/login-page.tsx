import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { InvitationForm } from '../../../features/accounts/components/invitation-form';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useVerifiedSession } from '../../../features/auth/hooks/use-verified-session';
import { usePageMeta } from '../../../lib/page-meta';

const notices = { expired: 'login.sessionExpired', 'signed-out': 'login.signedOut' } as const;

/**
 * An invitation link's token (`/login#invitation=…`, issue 31): in the fragment, which the browser
 * never sends, and taken out of the address bar and history at once.
 */
function useInvitationToken(): string | undefined {
  const [token] = useState(() => {
    if (typeof window === 'undefined') return undefined;
    const match = /^#invitation=([A-Za-z0-9_-]{20,200})$/.exec(window.location.hash);
    if (match) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return match?.[1];
  });
  return token;
}

/** The staff sign-in (SPEC.md §2); a stored token the server accepts goes straight to the dashboard. */
export default function LoginPage() {
  const { t } = useTranslation(['admin', 'common']);
  usePageMeta('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const invitation = useInvitationToken();
  // A rejected or unverifiable stored token changes nothing on this page (SPEC.md §8).
  const { state } = useVerifiedSession();
  if (state.status === 'valid' && !invitation) return <Navigate to={paths.dashboard} replace />;
  const toDashboard = () => void navigate(paths.dashboard, { replace: true });

  if (invitation) {
    return (
      <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
        <h1 className="text-center text-3xl font-bold text-brand-900">{t('common:site.name')}</h1>
        <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 className="text-xl font-semibold text-slate-900">{t('login.invitation.heading')}</h2>
          <p className="mt-1 mb-5 text-sm text-slate-600">{t('login.invitation.intro')}</p>
          <InvitationForm token={invitation} onSignedIn={toDashboard} />
        </div>
      </div>
    );
  }

  const notice = notices[params.get('session') as keyof typeof notices];
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl font-bold text-brand-900">{t('common:site.name')}</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 className="text-xl font-semibold text-slate-900">{t('login.heading')}</h2>
        <p className="mt-1 mb-5 text-sm text-slate-600">{t('login.intro')}</p>
        {notice && (
          <p role="status" className="mb-5 rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
            {t(notice)}
          </p>
        )}
        <LoginForm onSignedIn={toDashboard} />
      </div>
    </div>
  );
}
