import { useTranslation } from 'react-i18next';

/** Shown while a page's code or texts load on a client-side navigation. */
export function PageFallback() {
  const { t } = useTranslation('common');
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-7xl items-center justify-center px-4" role="status">
      <span className="animate-pulse text-brand-700">{t('loading')}</span>
    </div>
  );
}
