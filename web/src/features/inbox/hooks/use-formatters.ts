import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, times and file sizes in the language of the interface (not the inquiry's). */
export function useFormatters() {
  const { i18n } = useTranslation('inbox');
  const locale = i18n.language === 'en' ? 'en-GB' : 'de-DE';
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const kilobytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
    const megabytes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
    return {
      dateTime: (iso: string) => {
        const date = new Date(iso);
        return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
      },
      fileSize: (bytes: number) => (bytes < 1024 * 1024 ? kilobytes.format(bytes / 1024) : megabytes.format(bytes / 1024 / 1024)),
    };
  }, [locale]);
}
