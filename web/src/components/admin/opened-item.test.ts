import { describe, expect, it } from 'vitest';
import { itemId } from './opened-item';

describe('itemId', () => {
  it('reads a positive whole number', () => {
    expect(itemId('12')).toBe(12);
  });

  it('names nothing for zero, signs, fractions, words or absurd lengths', () => {
    for (const value of ['', '0', '-3', '012', '1.5', '1e3', 'abc', ' 7', '1234567890123456'])
      expect(itemId(value)).toBeUndefined();
  });
});
