import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { LoginForm } from '../../../features/auth/components/login-form';
import { useVerifiedSession } from '../../../features/auth/hooks/use-verified-session';
import { usePageMeta } from '../../../lib/page-meta';

const notices = { expired: 'login.sessionExpired', 'signed-out': 'login.signedOut' } as const;

/** The staff sign-in (SPEC.md §2); a stored token the server accepts goes straight to the dashboard. */
export default function LoginPage() {
  const { t } = useTranslation(['admin', 'common']);
  usePageMeta('login');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A rejected or unverifiable stored token changes nothing on this page (SPEC.md §8).
  const { state } = useVerifiedSession();
  if (state.status === 'valid') return <Navigate to={paths.dashboard} replace />;

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
        <LoginForm onSignedIn={() => void navigate(paths.dashboard, { replace: true })} />
      </div>
    </div>
  );
}
