import { type ReactNode, memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRowsInSlices } from '../../lib/rows-in-sight';
import { dangerButton, secondaryButton, smallButton } from './button-classes';

export type Column<Row> = { header: string; cell: (row: Row) => ReactNode; className?: string };

type DataTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  /** More attributes of a row (a data- attribute, a class). */
  rowProps?: (row: Row) => { className?: string } & Record<`data-${string}`, string>;
  /** The row's name for screen readers: "Edit <name>", "Delete <name>". */
  rowName?: (row: Row) => string;
  emptyText: ReactNode;
  /** The actions column's header; a table without any action (no rowActions, onEdit or onDelete) has no such column. */
  actionsHeader?: string;
  /** Edit and Delete, where the table has them. */
  onEdit?: (row: Row) => void;
  onDelete?: (row: Row) => void;
  /** More buttons of a row, before Edit and Delete (publish, move up and down; the inbox's Open). */
  rowActions?: (row: Row) => ReactNode;
  /** Disables the row actions while a change is under way. */
  busy?: boolean;
  /** Shown instead of rows: loading, or the load failed. */
  status?: ReactNode;
  /** Below which width each row becomes a card: `sm`, or `md` for a table of many columns (the inbox). */
  stackBelow?: 'sm' | 'md';
};

// On a phone each row becomes a card: the cells stack, each with its column's name before it
// (data-label; the table's class carries the cells' rules, styles.css). The explicit roles keep the
// table's meaning when CSS changes its display.
// Tailwind finds classes in the source as written, so each width has its classes spelled out.
// A card below the phone's screen is laid out when it scrolls near (content-visibility): the
// first view styles and lays out the cards in sight, not all twenty (issue 46). It stays in the
// accessibility tree and in the page's find; `auto` keeps a card's size once it has been seen.
const offScreenCards = {
  sm: 'max-sm:[content-visibility:auto] max-sm:[contain-intrinsic-size:auto_16rem]',
  md: 'max-md:[content-visibility:auto] max-md:[contain-intrinsic-size:auto_20rem]',
};

const layouts = {
  sm: {
    head: 'bg-slate-100 text-slate-700 max-sm:sr-only',
    header: 'px-4 py-3 font-semibold',
    message: 'px-4 py-8 text-center text-slate-700',
    table: 'data-table data-table-sm',
    row: `align-top hover:bg-slate-50 max-sm:block max-sm:px-4 max-sm:py-3 ${offScreenCards.sm}`,
    actions: 'px-4 py-3 max-sm:px-0 max-sm:pt-3',
  },
  md: {
    head: 'bg-slate-100 text-slate-700 max-md:sr-only',
    header: 'px-4 py-3 font-semibold whitespace-nowrap',
    message: 'px-4 py-10 text-center text-slate-700',
    table: 'data-table data-table-md',
    row: `align-top hover:bg-slate-50 max-md:block max-md:px-4 max-md:py-3 ${offScreenCards.md}`,
    actions: 'px-4 py-3 text-right max-md:px-0 max-md:pt-3 max-md:text-left',
  },
};

type Layout = (typeof layouts)['sm'];
type EditButton<Row> = { label: string; look: string; action: (row: Row) => void };

/** The dashboard's tables: columns, an empty message, the actions of each row (Edit and Delete, or others). */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation('admin');
  const { columns, rows, onEdit, onDelete } = props;
  const layout = layouts[props.stackBelow ?? 'sm'];
  const actions = props.rowActions !== undefined || onEdit !== undefined || onDelete !== undefined;
  const width = columns.length + (actions ? 1 : 0);
  // Rows mounted by the application's take-over of the server's first view come a few at a time.
  const { shown, restHeight } = useRowsInSlices(rows?.length ?? 0);
  const message = (content: ReactNode) => (
    <tr role="row">
      <td role="cell" colSpan={width} className={layout.message}>
        {content}
      </td>
    </tr>
  );
  const editing = useMemo(
    () =>
      (
        [
          [t('actions.edit'), secondaryButton, onEdit],
          [t('actions.delete'), dangerButton, onDelete],
        ] as const
      ).flatMap(([label, look, action]): EditButton<Row>[] => (action ? [{ label, look, action }] : [])),
    [t, onEdit, onDelete],
  );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table role="table" className={`w-full border-collapse text-left text-sm ${layout.table}`}>
        <caption className="sr-only">{props.caption}</caption>
        <thead role="rowgroup" className={layout.head}>
          <tr role="row">
            {columns.map((column) => (
              <th role="columnheader" key={column.header} scope="col" className={layout.header}>
                {column.header}
              </th>
            ))}
            {actions ? (
              <th role="columnheader" scope="col" className="px-4 py-3 text-right font-semibold">
                {props.actionsHeader}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-slate-200">
          {props.status
            ? message(props.status)
            : rows && rows.length === 0
              ? message(props.emptyText)
              : rows
                  ?.slice(0, shown)
                  .map((row) => (
                    <TableRow
                      key={props.rowKey(row)}
                      row={row}
                      columns={columns}
                      layout={layout}
                      actions={actions}
                      editing={editing}
                      rowProps={props.rowProps}
                      rowName={props.rowName}
                      rowActions={props.rowActions}
                      busy={props.busy}
                    />
                  ))}
          {!props.status && restHeight > 0 ? <tr aria-hidden="true" style={{ height: `${restHeight}px` }} /> : null}
        </tbody>
      </table>
    </div>
  );
}

type TableRowProps<Row> = Pick<DataTableProps<Row>, 'columns' | 'rowProps' | 'rowName' | 'rowActions' | 'busy'> & {
  row: Row;
  layout: Layout;
  actions: boolean;
  editing: EditButton<Row>[];
};

// Memoized: while the rows come a few at a time, those already there are not rendered again.
const TableRow = memo(function TableRow<Row>({ row, columns, layout, actions, editing, ...props }: TableRowProps<Row>) {
  const { className, ...attributes } = props.rowProps?.(row) ?? {};
  return (
    <tr role="row" {...attributes} className={className ? `${layout.row} ${className}` : layout.row}>
      {columns.map((column) => (
        <td role="cell" key={column.header} data-label={column.header} className={column.className}>
          {column.cell(row)}
        </td>
      ))}
      {actions ? (
        <td role="cell" className={layout.actions}>
          {editing.length === 0 ? (
            props.rowActions?.(row)
          ) : (
            <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
              {props.rowActions?.(row)}
              {editing.map(({ label, look, action }) => (
                <button
                  key={label}
                  type="button"
                  className={`${look} ${smallButton}`}
                  disabled={props.busy}
                  onClick={() => action(row)}
                >
                  {label}
                  <span className="sr-only"> {props.rowName?.(row)}</span>
                </button>
              ))}
            </div>
          )}
        </td>
      ) : null}
    </tr>
  );
}) as <Row>(props: TableRowProps<Row>) => ReactNode;
