import { useTranslation } from 'react-i18next';
import { PasswordForm } from './password-modal';

/**
 * Shown instead of the dashboard's areas while the password is the generated first one (the
 * server refuses everything else until then): why, and the change form without Cancel.
 */
export function RequiredPasswordChange({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="required-password-heading" className="max-w-xl">
      <h2 id="required-password-heading" className="text-2xl font-bold text-brand-900">
        {t('password.required.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t('password.required.text')}</p>
      <div className="mt-4 flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm">
        <PasswordForm onChanged={onChanged} />
      </div>
    </section>
  );
}
