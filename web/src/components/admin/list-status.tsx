import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { secondaryButton, smallButton } from './button-classes';

type ListStatusProps = {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'refetch'>;
  /** What is loading, and that it failed; by default "the list". */
  loading?: string;
  failed?: string;
};

/** What shows while something loads, or after the load failed (with a retry); null once loaded. */
export function ListStatus({ query, loading, failed }: ListStatusProps) {
  const { t } = useTranslation('admin');
  if (query.isPending) return <LoadingStatus label={loading ?? t('loading')} />;
  if (query.isError)
    return (
      <span role="alert" className="inline-flex flex-wrap items-center justify-center gap-3 text-red-900">
        {failed ?? t('loadFailed')}
        <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </span>
    );
  return null;
}

/** The spinner and what is loading (a list, a tab's code), announced politely. */
export function LoadingStatus({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-slate-700">
      <svg
        aria-hidden="true"
        className="animate-spin motion-reduce:animate-none"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
      >
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" />
      </svg>
      {label}
    </span>
  );
}
