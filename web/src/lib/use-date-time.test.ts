import { describe, expect, it } from 'vitest';
import { dateTimeFormatter } from './use-date-time';

describe('dashboard times', () => {
  it("are Berlin's, summer and winter, in either language, whatever the machine's zone", () => {
    expect(dateTimeFormatter('de-DE')('2026-07-01T16:30:00Z')).toBe('01.07.2026, 18:30');
    expect(dateTimeFormatter('de-DE')('2026-01-15T23:30:00Z')).toBe('16.01.2026, 00:30');
    expect(dateTimeFormatter('en-GB')('2026-07-01T16:30:00Z')).toBe('1 Jul 2026, 18:30');
  });

  it('show an unreadable time as it is', () => {
    expect(dateTimeFormatter('de-DE')('yesterday')).toBe('yesterday');
  });
});
