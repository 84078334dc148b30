import { useMemo } from 'react';
import { useDateTime, useInterfaceLocale } from '../../../lib/use-date-time';

/** Dates, times and file sizes in the language of the interface (not the inquiry's). */
export function useFormatters() {
  const locale = useInterfaceLocale();
  const dateTime = useDateTime();
  return useMemo(() => {
    const kilobytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
    const megabytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
    const days = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    return {
      dateTime,
      /** A calendar day (`YYYY-MM-DD`, a follow-up day) as the language writes it. */
      day: (day: string) => days.format(new Date(`${day}T00:00:00Z`)),
      fileSize: (bytes: number) => (bytes < 1024 * 1024 ? kilobytes.format(bytes / 1024) : megabytes.format(bytes / 1024 / 1024)),
    };
  }, [locale, dateTime]);
}
