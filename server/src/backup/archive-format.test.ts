import { describe, expect, it } from 'vitest';
import { decodeValue, encodeRow, encodeValue, parseFileEntryName, rowLine } from './archive-format';

describe('archive values', () => {
  it('writes what either database hands out as plain JSON', () => {
    expect(encodeValue(null)).toBeNull();
    expect(encodeValue(42)).toBe(42);
    expect(encodeValue(true)).toBe(true);
    expect(encodeValue(new Date('2026-11-23T08:00:00.000Z'))).toBe('2026-11-23T08:00:00.000Z');
    expect(encodeValue(Buffer.from([0, 1, 255]))).toEqual({ base64: 'AAH/' });
    expect(encodeValue({ a: [1] })).toBe('{"a":[1]}');
    expect(encodeValue(12n)).toBe(12);
    expect(encodeValue(2n ** 60n)).toBe('1152921504606846976');
  });

  it("turns PostgreSQL's int8 strings into numbers where they fit, and leaves text alone", () => {
    const types = new Map([
      ['id', 'int8'],
      ['big', 'int8'],
      ['name', 'text'],
    ]);
    expect(encodeRow({ id: '7', big: '9007199254740993', name: '7' }, types)).toEqual({
      id: 7,
      big: '9007199254740993',
      name: '7',
    });
  });

  it('gives SQLite 0/1 for booleans and PostgreSQL booleans for 0/1', () => {
    expect(decodeValue(true, 'boolean', 'sqlite')).toBe(1);
    expect(decodeValue(false, 'integer', 'sqlite')).toBe(0);
    expect(decodeValue(1, 'bool', 'postgres')).toBe(true);
    expect(decodeValue(0, 'bool', 'postgres')).toBe(false);
    expect(decodeValue(true, 'bool', 'postgres')).toBe(true);
    expect(decodeValue(true, 'int4', 'postgres')).toBe(1);
    expect(decodeValue(1, 'int4', 'postgres')).toBe(1);
    expect(decodeValue({ base64: 'AAH/' }, 'bytea', 'postgres')).toEqual(Buffer.from([0, 1, 255]));
    expect(decodeValue('2026-11-23T08:00:00.000Z', 'timestamptz', 'postgres')).toBe('2026-11-23T08:00:00.000Z');
  });

  it('writes a row as one line, with the characters other tools break lines at escaped', () => {
    const row = { message: 'Guten Tag\u2028Zeile zwei\u2029Absatz\u0085Ende\n\r\ud800', note: '\\u2028 stays text' };
    const line = rowLine(row);
    expect(line).toBe(
      '{"message":"Guten Tag\\u2028Zeile zwei\\u2029Absatz\\u0085Ende\\n\\r\\ud800","note":"\\\\u2028 stays text"}\n',
    );
    expect(line.slice(0, -1)).not.toMatch(/[\n\r\u0085\u2028\u2029]/);
    expect(JSON.parse(line)).toEqual(row);
  });

  it('names files only inside their folders', () => {
    expect(parseFileEntryName('files/media/projects/0123456789abcdef0123-480.avif')).toEqual({
      store: 'media',
      key: 'projects/0123456789abcdef0123-480.avif',
    });
    expect(parseFileEntryName(`files/attachments/${'a'.repeat(32)}`)).toEqual({ store: 'attachments', key: 'a'.repeat(32) });
    for (const name of [
      'files/media/../../etc/passwd',
      'files/media/projects/../x.avif',
      `files/attachments/../${'a'.repeat(32)}`,
      '/etc/passwd',
      'files/other/x.avif',
    ]) {
      expect(parseFileEntryName(name)).toBeUndefined();
    }
  });
});
