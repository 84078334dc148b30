import { useTranslation } from 'react-i18next';
import { primaryButton } from '../../../components/admin/button-classes';
import { useSecondFactorStatus } from '../api/second-factor';
import { SecondFactorPanel } from './second-factor-panel';

/**
 * Shown instead of the dashboard's areas while the site requires two-step sign-in and the user
 * has not set it up (the server refuses everything else until then): why, and the set-up. It
 * stays until the user closes the recovery codes (`onFinished`), or — set up in another tab —
 * goes on to the dashboard.
 */
export function RequiredSecondFactor({ onFinished }: { onFinished: () => void }) {
  const { t } = useTranslation('admin');
  const status = useSecondFactorStatus();
  return (
    <div className="space-y-6">
      <p role="status" className="max-w-3xl rounded-md border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        {t('secondFactor.requiredNotice')}
      </p>
      <SecondFactorPanel onSetupFinished={onFinished} />
      {status.data?.enabled && (
        <button type="button" className={primaryButton} onClick={onFinished}>
          {t('secondFactor.continue')}
        </button>
      )}
    </div>
  );
}
