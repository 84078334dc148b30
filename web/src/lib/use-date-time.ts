import { useTranslation } from 'react-i18next';

/** The interface's locale for dates and numbers: German or British English. */
export function useInterfaceLocale(): 'de-DE' | 'en-GB' {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en-GB' : 'de-DE';
}

/**
 * A date and time in a locale, in Berlin's time zone like the mails and the CSV export
 * ("22.11.2026, 18:30" wherever the browser is); an unreadable one as it is.
 */
export function dateTimeFormatter(locale: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Berlin' });
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}

// One formatter per locale for the whole dashboard: building an Intl.DateTimeFormat is slow (a
// millisecond or more on a phone), and the first view asked for one per checklist item (issue 46).
const formatters = new Map<string, (iso: string) => string>();

/** A date and time in the language of the interface, in Berlin's time zone. */
export function useDateTime(): (iso: string) => string {
  const locale = useInterfaceLocale();
  let format = formatters.get(locale);
  if (!format) formatters.set(locale, (format = dateTimeFormatter(locale)));
  return format;
}
