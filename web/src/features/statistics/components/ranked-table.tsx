import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInteger } from '../../../lib/format-number';

export type RankedColumn<Row> =
  { header: string; cell: (row: Row) => ReactNode } | { header: string; count: (row: Row) => number };

type RankedTableProps<Row> = {
  caption: string;
  columns: RankedColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  limit?: number;
};

/** A captioned table of the most viewed or most visited, counts right-aligned; on a phone it scrolls sideways. */
export function RankedTable<Row>({ caption, columns, rows, rowKey, limit = 10 }: RankedTableProps<Row>) {
  const { t, i18n } = useTranslation('statistics');
  const lang = i18n.language === 'en' ? 'en' : 'de';
  return (
    // On a phone a wide table scrolls sideways within itself: reachable by keyboard, named by its caption.
    <div
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="px-4 pt-3 text-left font-semibold text-brand-900">{caption}</caption>
        <thead className="text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={`px-4 py-2 font-semibold ${'count' in column ? 'text-right' : ''}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-4 text-slate-700">
                {t('empty')}
              </td>
            </tr>
          ) : (
            rows.slice(0, limit).map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) =>
                  'count' in column ? (
                    <td key={column.header} className="px-4 py-2 text-right tabular-nums">
                      {formatInteger(column.count(row), lang)}
                    </td>
                  ) : (
                    <td key={column.header} className="px-4 py-2 break-all">
                      {column.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
