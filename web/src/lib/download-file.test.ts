import { describe, expect, it } from 'vitest';
import { fileNameOf } from './download-file';

describe('fileNameOf', () => {
  it('takes the UTF-8 name the server gives besides the ASCII fallback', () => {
    expect(fileNameOf(`attachment; filename="Plan_Halle.pdf"; filename*=UTF-8''Plan%20Halle%C3%9F.pdf`)).toBe('Plan Halleß.pdf');
  });

  it('falls back to the plain name, and to nothing without a header', () => {
    expect(fileNameOf('attachment; filename="inquiries-2026-01-02.csv"')).toBe('inquiries-2026-01-02.csv');
    expect(fileNameOf('attachment; filename=inquiries-2026-01-02.csv')).toBe('inquiries-2026-01-02.csv');
    expect(fileNameOf(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('a.pdf');
    expect(fileNameOf(null)).toBeUndefined();
  });
});
