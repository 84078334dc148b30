import { useTranslation } from 'react-i18next';
import { SecondFactorPanel } from './second-factor-panel';

/**
 * Shown instead of the dashboard's areas while the site requires two-step sign-in and the user
 * has not set it up (the server refuses everything else until then): why, and the set-up.
 */
export function RequiredSecondFactor() {
  const { t } = useTranslation('admin');
  return (
    <div className="space-y-6">
      <p role="status" className="max-w-3xl rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {t('secondFactor.requiredNotice')}
      </p>
      <SecondFactorPanel />
    </div>
  );
}
