import { describe, expect, it } from 'vitest';
import { berlinDate, berlinYear } from './berlin-time';

const byTimeZoneData = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(instant);

describe('berlinYear', () => {
  it('turns at midnight in Berlin, 23:00 UTC, whatever the year', () => {
    for (let year = 1990; year <= 2040; year++) {
      const midnight = Date.UTC(year - 1, 11, 31, 23, 0, 0);
      for (const instant of [midnight - 1, midnight, midnight + 1, midnight - 3_600_000, midnight + 3_600_000]) {
        expect(berlinYear(new Date(instant))).toBe(byTimeZoneData(new Date(instant)));
      }
    }
  });

  it('is the year in Berlin all through the year, summer time included', () => {
    for (let day = 0; day < 366 * 3; day += 7) {
      const instant = new Date(Date.UTC(2025, 0, 1) + day * 86_400_000 + ((day * 3_600_000) % 86_400_000));
      expect(berlinYear(instant)).toBe(byTimeZoneData(instant));
    }
  });
});

describe('berlinDate', () => {
  it("is Berlin's day, summer time included", () => {
    expect(berlinDate(new Date('2026-07-01T21:59:59Z'))).toBe('2026-07-01');
    expect(berlinDate(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(berlinDate(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(berlinDate(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
  });
});
