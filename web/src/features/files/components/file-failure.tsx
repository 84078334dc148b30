import { useTranslation } from 'react-i18next';
import { CommandError } from '../../../components/admin/command-error';
import { isApiError } from '../../../lib/api-client';

/**
 * Why a file was refused, in the library's own words where the reason is the file's (its type,
 * its size, malware found, unreadable); otherwise the dashboard's 'Command Failed' with its reason.
 */
export function FileFailure({ error }: { error: unknown }) {
  const { t } = useTranslation('files');
  const code = isApiError(error) ? error.code : undefined;
  const fileField = isApiError(error) && error.fieldErrors.some((e) => e.field === 'file');
  const reason =
    code === 'unsupported_media_type'
      ? t('errors.type')
      : code === 'payload_too_large'
        ? t('errors.tooLarge')
        : code === 'malware_found'
          ? t('errors.malware')
          : code === 'validation' && fileField
            ? t('errors.unreadable')
            : undefined;
  if (!reason) return <CommandError error={error} />;
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
      <p className="font-semibold">{t('errors.notSaved')}</p>
      <p className="mt-1">{reason}</p>
    </div>
  );
}
