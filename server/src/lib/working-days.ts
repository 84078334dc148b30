import { getHolidays } from 'feiertagejs';
import type { FederalState } from '@blitz/contract';
import { berlinMidnight, nextDay } from './berlin-days';

// When an inquiry counts as unanswered (issue 42, decision 048): two working days after it
// arrived, in the company's time (Europe/Berlin). A working day is Monday to Friday and not a
// public holiday of the company's federal state, as the maintained library feiertagejs knows them
// (none chosen: the nationwide holidays only). The clocks change on Sundays, never on a working
// day: a wall-clock time of a working day exists exactly once.

/** How many working days an inquiry may wait for an answer. */
export const answerWorkingDays = 2;

const dayMs = 86_400_000;

const berlinParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Berlin calendar day (YYYY-MM-DD) of an instant and its wall-clock time, in ms since that day's midnight. */
export function berlinDayAndTime(at: Date): { day: string; timeMs: number } {
  const parts = Object.fromEntries(berlinParts.formatToParts(at).map((p) => [p.type, p.value]));
  const timeMs =
    ((Number(parts['hour']) * 60 + Number(parts['minute'])) * 60 + Number(parts['second'])) * 1000 + at.getUTCMilliseconds();
  return { day: `${parts['year']}-${parts['month']}-${parts['day']}`, timeMs };
}

/** The instant of a wall-clock time on a Berlin working day (no clock change that day). */
function onWorkingDay(day: string, timeMs: number): Date {
  return new Date(Date.parse(berlinMidnight(day)) + timeMs);
}

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - dayMs).toISOString().slice(0, 10);

const holidaysByYear = new Map<string, ReadonlySet<string>>();

/**
 * The public holidays of a year in a state (null: the nationwide ones), as Berlin days. Kept once
 * computed (16 states and a nationwide set, a few years: small). The library gives each holiday
 * at noon UTC, which is that day in Berlin; its own day strings follow the process's time zone.
 */
function holidaysOf(year: string, state: FederalState | null): ReadonlySet<string> {
  const key = `${year} ${state ?? 'BUND'}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    days = new Set(getHolidays(Number(year), state ?? 'BUND').map((holiday) => holiday.date.toISOString().slice(0, 10)));
    holidaysByYear.set(key, days);
  }
  return days;
}

/** Monday to Friday and not a public holiday of the state (null: a nationwide one). */
export function isWorkingDay(day: string, state: FederalState | null): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidaysOf(day.slice(0, 4), state).has(day);
}

/** The `count`th working day after `day` (before it, for a negative count). */
export function workingDayFrom(day: string, count: number, state: FederalState | null): string {
  const step = count < 0 ? previousDay : nextDay;
  let current = day;
  for (let left = Math.abs(count); left > 0;) {
    current = step(current);
    if (isWorkingDay(current, state)) left -= 1;
  }
  return current;
}

/**
 * When an inquiry that arrived at `arrival` becomes unanswered: the same time of day, two working
 * days later (Monday 10:00 → Wednesday 10:00; Friday 15:00 → Tuesday 15:00). One that arrived
 * on a weekend or a holiday counts from the start of the next working day (Saturday → Wednesday
 * 00:00).
 */
export function answerDeadline(arrival: Date, state: FederalState | null, days = answerWorkingDays): Date {
  const { day, timeMs } = berlinDayAndTime(arrival);
  if (isWorkingDay(day, state)) return onWorkingDay(workingDayFrom(day, days, state), timeMs);
  return onWorkingDay(workingDayFrom(day, days + 1, state), 0);
}

/**
 * The instant before which every inquiry has arrived that is past its deadline at `now`, and no
 * other: `arrival < unansweredCutoff(now)` exactly when `answerDeadline(arrival) <= now`. The
 * list's filter compares the stored arrival with it in SQL.
 */
export function unansweredCutoff(now: Date, state: FederalState | null, days = answerWorkingDays): Date {
  const { day, timeMs } = berlinDayAndTime(now);
  // On a working day: those of `days` working days ago up to this time of day, and all before.
  if (isWorkingDay(day, state)) return new Date(onWorkingDay(workingDayFrom(day, -days, state), timeMs).getTime() + 1);
  // On a day off: the deadlines of the last working day have all passed, the next one's none.
  return new Date(berlinMidnight(nextDay(workingDayFrom(day, -(days + 1), state))));
}
