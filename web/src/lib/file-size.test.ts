import { describe, expect, it } from 'vitest';
import { fileSize } from './file-size';

describe('fileSize', () => {
  it('names bytes below a kilobyte, never "0 kB"', () => {
    expect(fileSize(0, 'de')).toBe('0 Byte');
    expect(fileSize(12, 'en')).toBe('12 bytes');
    expect(fileSize(1, 'en')).toBe('1 byte');
    expect(fileSize(845, 'de')).toBe('845 Byte');
    expect(fileSize(1023, 'de')).toBe('1.023 Byte');
  });

  it('gives kB below a megabyte and MB above, with a decimal under ten', () => {
    expect(fileSize(1536, 'de')).toBe('1,5 kB');
    expect(fileSize(300 * 1024, 'en')).toBe('300 kB');
    expect(fileSize(2.5 * 1024 * 1024, 'de')).toBe('2,5 MB');
  });
});
