import { useId } from 'react';
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
  const headingId = useId();
  if (!settings.data?.isSample) return null;
  // A landmark with a heading, not a live region: it is there from the start and does not
  // change, so it is found by reading, not announced (and it is not the lists' loading status).
  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-lg border-l-4 border-accent-500 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <h2 id={headingId} className="font-semibold">
        {t('company.sampleNotice.heading')}
      </h2>
      <p className="mt-1 text-sm">{t('company.sampleNotice.text')}</p>
      <button type="button" className="mt-2 text-sm font-semibold text-brand-800 underline" onClick={onOpen}>
        {t('company.sampleNotice.action')}
      </button>
    </section>
  );
}
