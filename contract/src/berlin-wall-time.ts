// A module of its own: only the news editor needs it (the dashboard's first view does not carry it).
//
// A moment chosen as Berlin's wall clock (a news post's time, decision 065): the company's time,
// wherever the browser is (an editor travelling, a laptop set to UTC). The dashboard's date-time
// field holds the wall clock, the API a moment.

// Made on first use, as most pages never ask.
let berlinParts: Intl.DateTimeFormat | undefined;
const berlinFormat = () =>
  (berlinParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Berlin',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }));

/** Berlin's wall clock at a moment, as milliseconds of the same reading in UTC. */
function berlinWall(moment: number): number {
  const part = Object.fromEntries(
    berlinFormat()
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+part['year']!, +part['month']! - 1, +part['day']!, +part['hour']!, +part['minute']!, +part['second']!);
}

const hour = 3_600_000;
const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A date-time field's value (`2027-01-04T07:00`), read as Berlin's time, as an ISO moment
 * (`2027-01-04T06:00:00.000Z`); undefined for what is not a time of the calendar. A time that the
 * switch to summer time skips (the last Sunday of March, 02:00–02:59) is read as the clock
 * would show it an hour on (03:30 for 02:30); one that the switch back has twice (October,
 * 02:00–02:59) as the first, still in summer time — as Temporal's "compatible" reading does.
 */
export function berlinTimeToIso(local: string): string | undefined {
  const match = localPattern.exec(local);
  if (!match) return undefined;
  const [year, month, day, h, m, s] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = Date.UTC(year!, month! - 1, day!, h!, m!, s);
  const date = new Date(wall);
  // Day 31 of a month of 30, hour 25: not a time of the calendar.
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day || date.getUTCHours() !== h || date.getUTCMinutes() !== m)
    return undefined;
  // Berlin's offset before and after any switch near this time.
  const offsets = [...new Set([wall - 12 * hour, wall + 12 * hour].map((at) => berlinWall(at) - at))].sort((a, b) => b - a);
  const fitting = offsets.map((offset) => wall - offset).filter((moment) => berlinWall(moment) === wall);
  // Twice (the larger offset first: the earlier moment), once, or never (skipped: the offset before the switch).
  const moment = fitting[0] ?? wall - Math.min(...offsets);
  return new Date(moment).toISOString();
}

/** An ISO moment as a date-time field's value in Berlin's time, to the minute (`2027-01-04T07:00`). */
export function isoToBerlinTime(iso: string): string {
  return new Date(berlinWall(Date.parse(iso))).toISOString().slice(0, 16);
}
