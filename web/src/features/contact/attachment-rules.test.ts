import { describe, expect, it } from 'vitest';
import { attachmentProblems } from './attachment-rules';

const MB = 1024 * 1024;
const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('attachment rules of the contact form', () => {
  it('accepts images, PDF and Office documents by type or extension', () => {
    expect(attachmentProblems([file('a.jpg', 10, 'image/jpeg'), file('plan.PDF'), file('cv.docx'), file('x.xlsx')])).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('names the rule each file breaks', () => {
    expect(attachmentProblems([file('run.exe'), file('page.html', 10, 'text/html'), file('big.pdf', 11 * MB)])).toEqual([
      'type',
      'type',
      'size',
    ]);
  });

  it('refuses an empty file (nothing to read in it, and the server refuses it too)', () => {
    expect(attachmentProblems([file('leer.pdf', 0), file('plan.pdf')])).toEqual(['empty', undefined]);
  });

  it('counts files and total size over the accepted ones only', () => {
    const many = Array.from({ length: 11 }, (_, i) => file(`p${i}.png`));
    expect(attachmentProblems(many).at(-1)).toBe('count');
    expect(attachmentProblems(many.slice(0, 10)).every((p) => p === undefined)).toBe(true);
    expect(
      attachmentProblems([file('a.pdf', 9 * MB), file('b.pdf', 9 * MB), file('c.pdf', 8 * MB), file('d.pdf', 6 * MB)]),
    ).toEqual([undefined, undefined, 'total', undefined]);
  });
});
