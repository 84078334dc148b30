import { useTranslation } from 'react-i18next';
import { useCompanySettings } from '../api/company-settings';

/**
 * While the site still shows the placeholder company, every signed-in admin is asked, above the
 * tabs, to put the real details in: imprint, contact and mails would otherwise name a company
 * that does not exist.
 */
export function SampleCompanyNotice({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('admin');
  const settings = useCompanySettings();
  if (!settings.data?.isSample) return null;
  return (
    <div role="status" className="mb-6 rounded-lg border-l-4 border-accent-500 bg-amber-50 px-4 py-3 text-amber-950">
      <p className="font-semibold">{t('company.sampleNotice.heading')}</p>
      <p className="mt-1 text-sm">{t('company.sampleNotice.text')}</p>
      <button type="button" className="mt-2 text-sm font-semibold text-brand-800 underline" onClick={onOpen}>
        {t('company.sampleNotice.action')}
      </button>
    </div>
  );
}
