import { describe, expect, it } from 'vitest';
import { berlinEndOfDay } from './job';

describe('berlinEndOfDay', () => {
  it("gives a day's last second in Berlin with that day's offset, on the days summer time begins and ends too", () => {
    expect(berlinEndOfDay('2099-12-31')).toBe('2099-12-31T23:59:59+01:00');
    expect(berlinEndOfDay('2099-07-31')).toBe('2099-07-31T23:59:59+02:00');
    // 29 March 2026 begins in winter time and ends in summer time; 25 October the other way round.
    expect(berlinEndOfDay('2026-03-28')).toBe('2026-03-28T23:59:59+01:00');
    expect(berlinEndOfDay('2026-03-29')).toBe('2026-03-29T23:59:59+02:00');
    expect(berlinEndOfDay('2026-10-24')).toBe('2026-10-24T23:59:59+02:00');
    expect(berlinEndOfDay('2026-10-25')).toBe('2026-10-25T23:59:59+01:00');
    // The moment it names is that day's end in Berlin.
    const end = new Date(berlinEndOfDay('2026-03-29'));
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(end)).toBe('2026-03-29');
    expect(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(end.getTime() + 1000))).toBe(
      '2026-03-30',
    );
  });
});
