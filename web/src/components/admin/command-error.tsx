import { useTranslation } from 'react-i18next';
import { commandFailureReason } from './command-failure';

/** 'Command Failed' (SPEC.md §8), with the reason where it helps; announced to screen readers. */
export function CommandError({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  const reason = commandFailureReason(error);
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{t('commandFailed')}</p>
      {reason && <p className="mt-1">{t(reason.key, reason.values ?? {})}</p>}
    </div>
  );
}
