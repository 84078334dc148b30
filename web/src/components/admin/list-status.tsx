import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { secondaryButton, smallButton } from './button-classes';

/** What a table shows instead of rows while its list loads or after the load failed; null once loaded. */
export function ListStatus({ query }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch'> }) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <span role="status">{t('loading')}</span>;
  if (query.isError)
    return (
      <span role="alert" className="inline-flex flex-wrap items-center justify-center gap-3">
        {t('loadFailed')}
        <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </span>
    );
  return null;
}
