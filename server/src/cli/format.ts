/** A time as the operator reads it: UTC to the minute. */
export function formatTime(iso: string | Date | null, none = '-'): string {
  if (iso === null) return none;
  return new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
}

/** Rows as aligned columns, the first row being the header. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return (
    rows
      .map((row) =>
        row
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
