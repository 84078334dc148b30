import { describe, expect, it } from 'vitest';
import { redirectLimits } from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import { importRows, parseCsv } from './redirect-csv';

// The reading of an import (csv-parse) and the lines it names; the HTTP side is in redirects.test.ts.

const refusal = (text: string) => {
  try {
    importRows(text);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).message;
  }
  throw new Error('not refused');
};

describe('reading a redirect import', () => {
  it('reads CRLF, LF and CR, mixed, with blank lines between, each record with the line it starts on', () => {
    expect(parseCsv('/a,/b\r\n\r\n/c,"/d"\n\n\n/ü,/e\r/f,"/g ""h"""\r\n')).toEqual([
      { line: 1, cells: ['/a', '/b'] },
      { line: 3, cells: ['/c', '/d'] },
      { line: 6, cells: ['/ü', '/e'] },
      { line: 7, cells: ['/f', '/g "h"'] },
    ]);
  });

  it('counts a line break inside a quoted cell, CRLF as one', () => {
    expect(parseCsv('"/a\r\nb",/c\r\n/d,/e').map((r) => r.line)).toEqual([1, 3]);
    expect(refusal('/a,/b\r\n"x\r\ny",/c\r\n/d,"/e')).toMatch(/line 4: a quoted cell is not closed/);
  });

  it('names the line of a bad record after a byte-order mark, umlauts and blank lines', () => {
    expect(refusal('\uFEFFfrom,to\n/ä,/ö\n\n/c,b"c\n')).toMatch(/line 4: a quote inside an unquoted cell/);
    expect(refusal('/a,/b\n/c,"/d"x')).toMatch(/line 2: a quoted cell must end/);
    expect(refusal('/a,/b\n  \n')).toMatch(/line 2: expected 2 or 3 cells/);
  });

  it('refuses more redirects than one import may carry, a header line not counted', () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `/alt-${i},/neu`);
    expect(importRows(['from,to', ...rows(redirectLimits.importMaxRows)].join('\n'))).toHaveLength(redirectLimits.importMaxRows);
    expect(refusal(rows(redirectLimits.importMaxRows + 1).join('\n'))).toMatch(
      new RegExp(`line ${redirectLimits.importMaxRows + 1}: more than ${redirectLimits.importMaxRows} redirects`),
    );
    expect(refusal(rows(3 * redirectLimits.importMaxRows).join('\n'))).toMatch(/more than/);
  });
});
