import { describe, expect, it } from 'vitest';
import { berlinTimeToIso, isoToBerlinTime } from './berlin-wall-time';

describe('the time a post goes live, chosen in Berlin', () => {
  it('reads the field as Berlin’s time in winter (UTC+1) and in summer (UTC+2)', () => {
    expect(berlinTimeToIso('2027-01-04T07:00')).toBe('2027-01-04T06:00:00.000Z');
    expect(berlinTimeToIso('2027-07-01T07:00')).toBe('2027-07-01T05:00:00.000Z');
    expect(berlinTimeToIso('2027-01-01T00:30')).toBe('2026-12-31T23:30:00.000Z');
    // A field that shows seconds sends them.
    expect(berlinTimeToIso('2027-01-04T07:00:20')).toBe('2027-01-04T06:00:20.000Z');
  });

  it('shows a moment in Berlin’s time, whatever the year’s side of the switch', () => {
    expect(isoToBerlinTime('2027-01-04T06:00:00.000Z')).toBe('2027-01-04T07:00');
    expect(isoToBerlinTime('2027-07-01T05:00:00Z')).toBe('2027-07-01T07:00');
    expect(isoToBerlinTime('2026-12-31T23:30:00.000Z')).toBe('2027-01-01T00:30');
    expect(isoToBerlinTime('2027-01-04T07:00:00+01:00')).toBe('2027-01-04T07:00');
  });

  it('goes round the switch to summer time (28 March 2027): the skipped hour is read an hour on', () => {
    expect(berlinTimeToIso('2027-03-28T01:59')).toBe('2027-03-28T00:59:00.000Z');
    expect(berlinTimeToIso('2027-03-28T02:30')).toBe('2027-03-28T01:30:00.000Z');
    expect(isoToBerlinTime('2027-03-28T01:30:00.000Z')).toBe('2027-03-28T03:30');
    expect(berlinTimeToIso('2027-03-28T03:00')).toBe('2027-03-28T01:00:00.000Z');
  });

  it('goes round the switch back (31 October 2027): the hour that comes twice is read as the first', () => {
    expect(berlinTimeToIso('2027-10-31T01:59')).toBe('2027-10-30T23:59:00.000Z');
    expect(berlinTimeToIso('2027-10-31T02:30')).toBe('2027-10-31T00:30:00.000Z');
    expect(isoToBerlinTime('2027-10-31T00:30:00.000Z')).toBe('2027-10-31T02:30');
    expect(isoToBerlinTime('2027-10-31T01:30:00.000Z')).toBe('2027-10-31T02:30');
    expect(berlinTimeToIso('2027-10-31T03:00')).toBe('2027-10-31T02:00:00.000Z');
  });

  it('reads every minute of a year back as it was written', () => {
    for (let moment = Date.UTC(2027, 0, 1); moment < Date.UTC(2028, 0, 1); moment += 7 * 60_000 + 13 * 3_600_000) {
      const local = isoToBerlinTime(new Date(moment).toISOString());
      expect(isoToBerlinTime(berlinTimeToIso(local)!)).toBe(local);
    }
  });

  it('refuses what is not a time of the calendar', () => {
    for (const value of ['', '2027-01-04', '2027-02-30T10:00', '2027-01-04T24:00', '2027-01-04T07:60', '4.1.2027 07:00'])
      expect(berlinTimeToIso(value), value).toBeUndefined();
  });
});
