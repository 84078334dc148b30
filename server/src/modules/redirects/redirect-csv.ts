import { CsvError, parse } from 'csv-parse/sync';
import { redirectLimits } from '@blitz/contract';
import { csvCell } from '../../lib/csv-cell';
import { HttpError } from '../../lib/http-error';
import type { RedirectRecord } from './redirects.repository';

/** The export: `from,to,keepQuery`, a header line first; every cell quoted and safe from spreadsheet formulas. */
export function redirectsCsv(records: readonly RedirectRecord[]): string {
  const lines = [
    'from,to,keepQuery',
    ...records.map((r) => [csvCell(r.from), csvCell(r.to), csvCell(String(r.keepQuery))].join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

const csvError = (line: number, message: string) =>
  new HttpError(400, 'validation', `The CSV cannot be read: line ${line}: ${message}`, {
    errors: [{ field: `line ${line}`, message }],
  });

const tooMany = `more than ${redirectLimits.importMaxRows} redirects in one file`;

/** What csv-parse's refusals mean to the person who made the file. */
const csvProblems: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is not closed',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted cell must end before a comma or the end of the line',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted cell must end before a comma or the end of the line',
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted cell',
};

/**
 * Line numbers of a text by byte offset (csv-parse reports offsets; its own line count takes a
 * CRLF inside a quoted cell for two lines). Asked for offsets in increasing order.
 */
function lineCounter(bytes: Buffer) {
  let offset = 0;
  let line = 1;
  /** The line of the first character at or after `from` that is not a line break (blank lines are skipped, as the parser does). */
  return (from: number): number => {
    let at = from;
    while (bytes[at] === 13 || bytes[at] === 10) at++;
    for (; offset < at; offset++) {
      // CRLF, LF and a lone CR each end one line.
      if (bytes[offset] === 13 || (bytes[offset] === 10 && bytes[offset - 1] !== 13)) line++;
    }
    return line;
  };
}

/**
 * The records of a CSV text (RFC 4180: commas, quoted cells with "" for a quote, CRLF, LF or CR,
 * blank lines skipped), each with the line it starts on, read by csv-parse. A malformed text is a
 * 400 naming the line its record starts on.
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const lineOf = lineCounter(Buffer.from(text));
  const lines: number[] = [];
  // Where the record being read starts: after the last one read whole.
  let start = 0;
  let records: string[][];
  try {
    records = parse(text, {
      // The cell count is checked per line below, with a message of ours.
      relax_column_count: true,
      skip_empty_lines: true,
      // Any of the three, mixed in one file (one edited by hand after a spreadsheet wrote it).
      record_delimiter: ['\r\n', '\n', '\r'],
      // Enough to tell a file over the limit; the rest is not read.
      to: redirectLimits.importMaxRows + 2,
      on_record: (record, { bytes }) => {
        lines.push(lineOf(start));
        start = bytes;
        return record;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw csvError(lineOf(start), csvProblems[error.code] ?? `not readable as CSV (${error.code})`);
  }
  if (records.length > redirectLimits.importMaxRows + 1) throw csvError(lines.at(-1)!, tooMany);
  return records.map((cells, i) => ({ line: lines[i]!, cells }));
}

export type ImportRow = { line: number; from: string; to: string; keepQuery: boolean };

const truthy = new Set(['true', '1', 'yes', 'ja']);
const falsy = new Set(['false', '0', 'no', 'nein', '']);

/**
 * The rows of an import: `from,to` or `from,to,keepQuery` (true/false), a header line allowed.
 * A leading apostrophe our own export put before a formula-like cell is taken off again.
 */
export function importRows(text: string): ImportRow[] {
  if (text.includes('\u0000')) throw csvError(1, 'the file is not a text');
  const records = parseCsv(text.replace(/^\uFEFF/, ''));
  const first = records[0];
  if (first && first.cells[0]?.trim().toLowerCase() === 'from' && first.cells[1]?.trim().toLowerCase() === 'to') records.shift();
  if (records.length === 0) throw csvError(1, 'no redirect in the file (expected lines of from,to)');
  if (records.length > redirectLimits.importMaxRows) throw csvError(records[redirectLimits.importMaxRows]!.line, tooMany);
  return records.map(({ line, cells }) => {
    if (cells.length < 2 || cells.length > 3)
      throw csvError(line, `expected 2 or 3 cells (from,to[,keepQuery]), found ${cells.length}`);
    const unescape = (cell: string) => cell.trim().replace(/^'(?=[=+\-@])/, '');
    const keep = (cells[2] ?? '').trim().toLowerCase();
    if (!truthy.has(keep) && !falsy.has(keep)) throw csvError(line, 'keepQuery must be true or false');
    return { line, from: unescape(cells[0]!), to: unescape(cells[1]!), keepQuery: truthy.has(keep) };
  });
}
