// The days of the inbox's and the audit trail's date filters are the company's: in Europe/Berlin.

/** Midnight of a calendar day (YYYY-MM-DD) in Europe/Berlin, as an ISO instant. */
export function berlinMidnight(day: string): string {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  // The offset at UTC midnight is the offset at Berlin midnight: the clocks change at 02:00/03:00.
  const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' })
    .formatToParts(utcMidnight)
    .find((p) => p.type === 'timeZoneName')!.value; // "GMT+01:00"
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offset);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  return new Date(utcMidnight.getTime() - minutes * 60_000).toISOString();
}

/** The calendar day after `day` (both YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
