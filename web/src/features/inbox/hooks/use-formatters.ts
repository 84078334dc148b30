import { useDateTime, useInterfaceLocale } from '../../../lib/use-date-time';

type Formatters = {
  /** A calendar day (`YYYY-MM-DD`, a follow-up day) as the language writes it. */
  day: (day: string) => string;
  fileSize: (bytes: number) => string;
};

// Made once per locale, each when first used: an Intl formatter is slow to build on a phone, and
// the inbox's list needs only the day's (issue 46).
const byLocale = new Map<string, Formatters>();

function formattersFor(locale: string): Formatters {
  let days: Intl.DateTimeFormat | undefined;
  let kilobytes: Intl.NumberFormat | undefined;
  let megabytes: Intl.NumberFormat | undefined;
  return {
    day: (day) =>
      (days ??= new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' })).format(
        new Date(`${day}T00:00:00Z`),
      ),
    fileSize: (bytes) =>
      bytes < 1024 * 1024
        ? (kilobytes ??= new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 })).format(
            bytes / 1024,
          )
        : (megabytes ??= new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 })).format(
            bytes / 1024 / 1024,
          ),
  };
}

/** Dates, times and file sizes in the language of the interface (not the inquiry's). */
export function useFormatters() {
  const locale = useInterfaceLocale();
  const dateTime = useDateTime();
  let formatters = byLocale.get(locale);
  if (!formatters) byLocale.set(locale, (formatters = formattersFor(locale)));
  return { dateTime, ...formatters };
}
