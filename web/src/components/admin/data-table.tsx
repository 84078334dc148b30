import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dangerButton, secondaryButton, smallButton } from './button-classes';

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string };

type DataTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** The row's name for screen readers: "Edit <name>", "Delete <name>". */
  rowName: (row: Row) => string;
  emptyText: string;
  actionsHeader: string;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
  /** More buttons of a row, before Edit and Delete (publish, move up and down). */
  rowActions?: (row: Row) => ReactNode;
  /** Disables the row actions while a change is under way. */
  busy?: boolean;
  /** Shown instead of rows: loading, or the load failed. */
  status?: ReactNode;
};

// On a phone each row becomes a card: the cells stack, each with its column's name before it
// (data-label). The explicit roles keep the table's meaning when CSS changes its display.
const stackedCell =
  'max-sm:flex max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:before:w-28 max-sm:before:shrink-0 ' +
  'max-sm:before:font-semibold max-sm:before:text-slate-600 max-sm:before:content-[attr(data-label)]';

/** The dashboard's tables: columns, an empty message, Edit and Delete per row. */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation('admin');
  const { columns, rows } = props;
  const width = columns.length + 1;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table role="table" className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{props.caption}</caption>
        <thead role="rowgroup" className="bg-slate-100 text-slate-700 max-sm:sr-only">
          <tr role="row">
            {columns.map((column) => (
              <th role="columnheader" key={column.header} scope="col" className="px-4 py-3 font-semibold">
                {column.header}
              </th>
            ))}
            <th role="columnheader" scope="col" className="px-4 py-3 text-right font-semibold">
              {props.actionsHeader}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-200">
          {props.status ? (
            <tr role="row">
              <td role="cell" colSpan={width} className="px-4 py-8 text-center text-slate-700">
                {props.status}
              </td>
            </tr>
          ) : rows && rows.length === 0 ? (
            <tr role="row">
              <td role="cell" colSpan={width} className="px-4 py-8 text-center text-slate-700">
                {props.emptyText}
              </td>
            </tr>
          ) : (
            rows?.map((row) => (
              <tr role="row" key={props.rowKey(row)} className="align-top hover:bg-slate-50 max-sm:block max-sm:px-4 max-sm:py-3">
                {columns.map((column) => (
                  <td
                    role="cell"
                    key={column.header}
                    data-label={column.header}
                    className={`px-4 py-3 ${stackedCell} ${column.className ?? ''}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
                <td role="cell" className="px-4 py-3 max-sm:px-0 max-sm:pt-3">
                  <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                    {props.rowActions?.(row)}
                    {(
                      [
                        ['actions.edit', secondaryButton, props.onEdit],
                        ['actions.delete', dangerButton, props.onDelete],
                      ] as const
                    ).map(([label, look, action]) => (
                      <button
                        key={label}
                        type="button"
                        className={`${look} ${smallButton}`}
                        disabled={props.busy}
                        onClick={() => action(row)}
                      >
                        {t(label)}
                        <span className="sr-only"> {props.rowName(row)}</span>
                      </button>
                    ))}
                  </div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
