import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { controlClass } from '../../../components/admin/form-field';

/** A sign-up link, shown this once: to copy and pass on (it is mailed too where the account has an address). */
export function InvitationLink({
  username,
  invitation,
  mailed,
  onClose,
}: {
  username: string;
  invitation: Invitation;
  mailed: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('accounts');
  const [copied, setCopied] = useState(false);
  const until = new Date(invitation.expiresAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const copy = () => {
    void navigator.clipboard?.writeText(invitation.url).then(() => setCopied(true));
  };
  return (
    <div role="status" className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
      <p className="font-semibold">{t('link.heading', { username })}</p>
      <p className="mt-1">{t(mailed ? 'link.mailed' : 'link.passOn', { until })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <input
          readOnly
          aria-label={t('link.label')}
          className={`${controlClass} mt-0 min-w-0 flex-1 font-mono text-xs`}
          value={invitation.url}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={copy}>
          {copied ? t('link.copied') : t('link.copy')}
        </button>
        <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={onClose}>
          {t('link.done')}
        </button>
      </div>
      <p className="mt-2 text-xs">{t('link.once')}</p>
    </div>
  );
}
