import { describe, expect, it } from 'vitest';
import { acceptedEncoding } from './encoded-body';

describe('acceptedEncoding', () => {
  it('takes br before gzip where the client weighs them alike, else what the client prefers', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0.5, gzip;q=1')).toBe('gzip');
    expect(acceptedEncoding('gzip, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('GZIP')).toBe('gzip');
  });

  it('respects q=0 and the wildcard', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('br; q=0, gzip;q=0')).toBe('identity');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*;q=0, gzip')).toBe('gzip');
  });

  it('sends as it is without a header or with only unknown encodings', () => {
    expect(acceptedEncoding(undefined)).toBe('identity');
    expect(acceptedEncoding('')).toBe('identity');
    expect(acceptedEncoding('deflate, zstd')).toBe('identity');
  });
});
