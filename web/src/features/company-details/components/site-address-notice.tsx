import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteAddress } from '../api/site-address';

/**
 * Above the tabs, for an admin: the site is reached under another address than the one search
 * engines, link previews and mails are given — a proxy passing its own host, a DNS change not
 * made yet, a typing error in "Website". The dashboard shows it once the real company is in place
 * (while the sample company is, the go-live checklist asks for the details first).
 */
export function SiteAddressNotice({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('admin');
  const address = useSiteAddress();
  const headingId = useId();
  const data = address.data;
  if (!data || data.matches) return null;
  const others = data.requestOrigins.filter((origin) => origin !== data.publicOrigin);
  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-lg border-l-4 border-accent-500 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <h2 id={headingId} className="font-semibold">
        {t('siteAddress.notice.heading')}
      </h2>
      <p className="mt-1 text-sm">
        {t('siteAddress.notice.text', { origin: data.publicOrigin, count: others.length })}{' '}
        <span className="break-all font-mono">{others.join(', ')}</span>
      </p>
      <p className="mt-1 text-sm">{t(`siteAddress.notice.fix.${data.source}`)}</p>
      <button type="button" className="mt-2 text-sm font-semibold text-brand-800 underline" onClick={onOpen}>
        {t('siteAddress.notice.action')}
      </button>
    </section>
  );
}
