import { describe, expect, it } from 'vitest';
import { renderHtml, renderSubject, renderText } from './mail-rendering';

const values = {
  reference: { text: '20261127-ABCDEF' },
  jobTitle: { text: '' },
  visitorName: { text: 'Erika\r\nBcc: x@y.z' },
  fields: { text: 'Vorname: Erika', html: '<table><tr><td>Erika</td></tr></table>' },
};

describe('rendering a template', () => {
  it('leaves out a line whose placeholders all came out empty, and keeps blank lines and lines without placeholders', () => {
    expect(renderText('Referenz: {reference}\nStelle: {jobTitle}\n\nDanke.', values)).toBe('Referenz: 20261127-ABCDEF\n\nDanke.');
    expect(renderText('{jobTitle} {reference}', values)).toBe(' 20261127-ABCDEF');
  });

  it('writes a doubled brace as one, and an unknown name as nothing (a saved template never has one)', () => {
    expect(renderText('{{reference}} {reference} }} {', values)).toBe('{reference} 20261127-ABCDEF } {');
  });

  it('keeps the subject one line, whatever a value holds', () => {
    expect(renderSubject('Von {visitorName} [{reference}]', values)).toBe('Von Erika Bcc: x@y.z [20261127-ABCDEF]');
  });

  it('escapes staff’s words and the values in HTML; a block on its own line is its own HTML, elsewhere its text', () => {
    expect(renderHtml('Hallo <Team> & {visitorName}\nzweite Zeile\n\n{fields}\n\nIm Satz: {fields}', values)).toBe(
      [
        '<p>Hallo &#60;Team&#62; &#38; Erika<br>\nBcc: x@y.z<br>\nzweite Zeile</p>',
        '<table><tr><td>Erika</td></tr></table>',
        '<p>Im Satz: Vorname: Erika</p>',
      ].join('\n'),
    );
  });
});
