import { useTranslation } from 'react-i18next';
import { SignInCard } from '../../../features/auth/components/sign-in-card';
import { SignInForm, signInNotice } from '../../../features/auth/components/sign-in-form';
import { usePageMeta } from '../../../lib/page-meta';

/**
 * The staff sign-in (SPEC.md §2), rendered by the server like the public pages, with a script of
 * its own (islands/sign-in.ts) instead of the dashboard's application (issue 46): the script shows
 * the notice `?session=` names, sends a stored token the server accepts on to the dashboard,
 * signs in, and hands an invitation link (`#invitation=…`) to the dashboard's application.
 */
export default function LoginPage() {
  const { t } = useTranslation('admin');
  usePageMeta('login');
  return (
    <SignInCard heading={t('login.heading')} intro={t('login.intro')}>
      <p hidden data-notice="expired" className={`${signInNotice} mb-5`}>
        {t('login.sessionExpired')}
      </p>
      <p hidden data-notice="signed-out" className={`${signInNotice} mb-5`}>
        {t('login.signedOut')}
      </p>
      <noscript>
        <p className="mb-5 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900">
          {t('login.needsJavaScript')}
        </p>
      </noscript>
      <SignInForm />
    </SignInCard>
  );
}
