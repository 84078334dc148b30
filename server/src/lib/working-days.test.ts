import { describe, expect, it } from 'vitest';
import { federalStates } from '@blitz/contract';
import { answerDeadline, berlinDayAndTime, isWorkingDay, unansweredCutoff, workingDayFrom } from './working-days';

/** A Berlin wall-clock time as an instant: `2026-10-05 10:00` with its offset (+01:00 or +02:00). */
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('working days (issue 42, decision 048)', () => {
  it('are Monday to Friday without the nationwide holidays, and without the state’s when one is chosen', () => {
    expect(isWorkingDay('2026-10-02', null)).toBe(true); // Friday
    expect(isWorkingDay('2026-10-03', null)).toBe(false); // Saturday (and German Unity Day)
    expect(isWorkingDay('2026-10-04', null)).toBe(false); // Sunday
    expect(isWorkingDay('2027-10-04', null)).toBe(true); // Monday
    expect(isWorkingDay('2026-04-06', null)).toBe(false); // Easter Monday
    expect(isWorkingDay('2026-04-06', 'BY')).toBe(false);
    // Reformation Day (a Saturday in 2026, a Tuesday in 2028): Brandenburg's, not Bavaria's.
    expect(isWorkingDay('2028-10-31', 'BB')).toBe(false);
    expect(isWorkingDay('2028-10-31', 'BY')).toBe(true);
    expect(isWorkingDay('2028-10-31', null)).toBe(true);
    // Corpus Christi: Bavaria's, not Berlin's nor nationwide.
    expect(isWorkingDay('2026-06-04', 'BY')).toBe(false);
    expect(isWorkingDay('2026-06-04', 'BE')).toBe(true);
    expect(isWorkingDay('2026-06-04', null)).toBe(true);
    // Every state's holidays include the nationwide ones.
    for (const state of federalStates) expect(isWorkingDay('2026-12-25', state), state).toBe(false);
  });

  it('step over weekends and holidays, forwards and back', () => {
    expect(workingDayFrom('2026-10-02', 1, null)).toBe('2026-10-05'); // Friday → Monday
    expect(workingDayFrom('2026-10-05', -1, null)).toBe('2026-10-02');
    expect(workingDayFrom('2026-04-02', 2, null)).toBe('2026-04-08'); // Thursday → Good Friday, Easter → Wednesday
    expect(workingDayFrom('2026-04-08', -2, null)).toBe('2026-04-02');
  });
});

describe('the answer deadline', () => {
  it('is the same time two working days later', () => {
    // Monday 10:00 → Wednesday 10:00 (summer time: +02:00).
    expect(iso(answerDeadline(at('2026-09-07T10:00:00+02:00'), null))).toBe(iso(at('2026-09-09T10:00:00+02:00')));
    // Thursday 16:30 → Monday 16:30, across the weekend.
    expect(iso(answerDeadline(at('2026-09-10T16:30:00+02:00'), null))).toBe(iso(at('2026-09-14T16:30:00+02:00')));
  });

  it('counts an arrival on a weekend or a holiday from the start of the next working day', () => {
    // Saturday 11:00 → Monday and Tuesday → Wednesday 00:00.
    expect(iso(answerDeadline(at('2026-09-12T11:00:00+02:00'), null))).toBe(iso(at('2026-09-16T00:00:00+02:00')));
    // Easter Monday 09:00 → Tuesday and Wednesday → Thursday 00:00.
    expect(iso(answerDeadline(at('2026-04-06T09:00:00+02:00'), null))).toBe(iso(at('2026-04-09T00:00:00+02:00')));
    // Friday before German Unity Day (Saturday 3 October 2026) is a normal Friday.
    expect(iso(answerDeadline(at('2026-10-02T12:00:00+02:00'), null))).toBe(iso(at('2026-10-06T12:00:00+02:00')));
    // 3 October 2025 is a Friday: Thursday 14:00 → (Friday off) Monday, Tuesday 14:00.
    expect(iso(answerDeadline(at('2025-10-02T14:00:00+02:00'), null))).toBe(iso(at('2025-10-07T14:00:00+02:00')));
  });

  it('skips the state’s own holidays: Reformation Day in Brandenburg, not in Bavaria; Corpus Christi in Bavaria', () => {
    // Friday 27 October 2028, 09:00; Tuesday 31 October is Reformation Day in Brandenburg.
    const friday = at('2028-10-27T09:00:00+02:00');
    expect(iso(answerDeadline(friday, 'BB'))).toBe(iso(at('2028-11-01T09:00:00+01:00')));
    expect(iso(answerDeadline(friday, 'BY'))).toBe(iso(at('2028-10-31T09:00:00+01:00')));
    expect(iso(answerDeadline(friday, null))).toBe(iso(at('2028-10-31T09:00:00+01:00')));
    // Tuesday 31 October 09:00: in Brandenburg a holiday, counted from Wednesday's start → Friday
    // 00:00; in Bavaria All Saints' Day (1 November) is off → Friday 09:00.
    const tuesday = at('2028-10-31T09:00:00+01:00');
    expect(iso(answerDeadline(tuesday, 'BB'))).toBe(iso(at('2028-11-03T00:00:00+01:00')));
    expect(iso(answerDeadline(tuesday, 'BY'))).toBe(iso(at('2028-11-03T09:00:00+01:00')));
    // Corpus Christi, Thursday 4 June 2026: Wednesday 08:00 → Friday in Berlin, Monday in Bavaria.
    const wednesday = at('2026-06-03T08:00:00+02:00');
    expect(iso(answerDeadline(wednesday, 'BE'))).toBe(iso(at('2026-06-05T08:00:00+02:00')));
    expect(iso(answerDeadline(wednesday, 'BY'))).toBe(iso(at('2026-06-08T08:00:00+02:00')));
    expect(iso(answerDeadline(wednesday, null))).toBe(iso(at('2026-06-05T08:00:00+02:00')));
  });

  it('keeps the wall-clock time across the change to and from summer time', () => {
    // Friday 27 March 2026 10:00 (+01:00) → Tuesday 31 March 10:00 (+02:00): 95 hours, not 96.
    const spring = answerDeadline(at('2026-03-27T10:00:00+01:00'), null);
    expect(iso(spring)).toBe(iso(at('2026-03-31T10:00:00+02:00')));
    // Friday 23 October 2026 10:00 (+02:00) → Tuesday 27 October 10:00 (+01:00).
    expect(iso(answerDeadline(at('2026-10-23T10:00:00+02:00'), null))).toBe(iso(at('2026-10-27T10:00:00+01:00')));
    // Sunday 29 March 2026 at 03:30 summer time (just after the change) → Wednesday 00:00.
    expect(iso(answerDeadline(at('2026-03-29T03:30:00+02:00'), null))).toBe(iso(at('2026-04-01T00:00:00+02:00')));
    expect(berlinDayAndTime(at('2026-03-29T01:59:59.999Z'))).toEqual({
      day: '2026-03-29',
      timeMs: (3 * 3600 + 59 * 60 + 59) * 1000 + 999,
    });
  });
});

describe('the cutoff of the list’s filter', () => {
  it('on a working day: two working days ago at this time of day', () => {
    // Wednesday 10:00: what arrived up to Monday 10:00.
    const cutoff = unansweredCutoff(at('2026-09-09T10:00:00+02:00'), null);
    expect(iso(cutoff)).toBe('2026-09-07T08:00:00.001Z');
    // Monday 10:00: Thursday 10:00 (the weekend arrivals wait until Wednesday).
    expect(iso(unansweredCutoff(at('2026-09-14T10:00:00+02:00'), null))).toBe('2026-09-10T08:00:00.001Z');
  });

  it('on a day off: the start of the day after the third working day back', () => {
    // Saturday: everything up to Wednesday's end (Thursday's arrivals are due Monday).
    expect(iso(unansweredCutoff(at('2026-09-12T15:00:00+02:00'), null))).toBe(iso(at('2026-09-10T00:00:00+02:00')));
    // Easter Monday 2026: up to Tuesday 31 March's end (Wednesday's are due on Tuesday 7 April, as
    // Good Friday and Easter Monday are off).
    expect(iso(unansweredCutoff(at('2026-04-06T12:00:00+02:00'), null))).toBe(iso(at('2026-04-01T00:00:00+02:00')));
  });

  it('agrees with the deadline for every arrival, across weekends, holidays, states and both clock changes', () => {
    // A fixed pseudo-random walk (no flaky seed): arrivals and "nows" spread over 2026 to 2028.
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const start = Date.parse('2026-01-01T00:00:00Z');
    const span = Date.parse('2028-12-31T00:00:00Z') - start;
    const states = [null, 'BY', 'BB', 'BE'] as const;
    for (let i = 0; i < 600; i++) {
      const state = states[i % states.length]!;
      const now = new Date(start + Math.floor(random() * span));
      const cutoff = unansweredCutoff(now, state);
      // Arrivals near the cutoff (either side, to the millisecond) and anywhere in the ten days before now.
      const arrivals = [
        new Date(cutoff.getTime() - 1),
        cutoff,
        new Date(cutoff.getTime() + 1),
        new Date(now.getTime() - Math.floor(random() * 10 * 86_400_000)),
      ];
      for (const arrival of arrivals) {
        const overdue = answerDeadline(arrival, state).getTime() <= now.getTime();
        expect(arrival < cutoff, `${state} now ${iso(now)} arrival ${iso(arrival)}`).toBe(overdue);
      }
    }
  });
});
